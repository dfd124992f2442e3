export { ProblemPage, type ProblemPageProps } from './ProblemPage';
