import type { Teacher } from './types.ts';

type Accepts = (teacher: Teacher) => boolean;

const acceptsResearchStudent: Accepts = (t) => t.acceptResearchStudent;
const acceptsMasterOrDoctoral: Accepts = (t) => t.acceptMaster || t.acceptDoctoral;
const acceptsDoctoral: Accepts = (t) => t.acceptDoctoral;
const acceptsExchange: Accepts = (t) => t.acceptExchange;

/** docs/behaviour.md#rules: which teachers a programme may choose, by programme id. */
const programmeRules: ReadonlyMap<number, Accepts> = new Map([
  [8, acceptsResearchStudent],
  [9, acceptsResearchStudent],
  [10, acceptsResearchStudent],
  [16, acceptsResearchStudent],
  [17, acceptsResearchStudent],
  [11, acceptsMasterOrDoctoral],
  [13, acceptsMasterOrDoctoral],
  [12, acceptsDoctoral],
  [14, acceptsDoctoral],
  [18, acceptsExchange],
]);

/** The teachers offered for a programme: never a hidden one; any other programme offers all. */
export function teachersForProgram(teachers: readonly Teacher[], programId: number): Teacher[] {
  const accepts = programmeRules.get(programId) ?? (() => true);
  return teachers.filter((teacher) => teacher.state !== 'hidden' && accepts(teacher));
}
