import type { Api, OptionGroup, StudentType } from '@pre-admission/api';
import { useLocale } from '@pre-admission/i18n';
import { heading, paragraph } from '@pre-admission/ui';
import { useIntl } from 'react-intl';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, useReferenceList } from '../referenceData/queries';
import * as styles from './ApplicantHome.css';

const kinds: readonly StudentType[] = ['researchStudent', 'master', 'doctoral', 'exchange'];

export interface ApplicantHomeProps {
  api: Api;
  email: string;
}

/**
 * /applications: the application form is loaded separately (docs/behaviour.md#product, #routes). Until it is, this home greets the
 * applicant and shows the four kinds of application with their programmes from the loaded lists.
 */
export default function ApplicantHome(props: ApplicantHomeProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Home {...props} />
    </QueryClientProvider>
  );
}

function Home({ api, email }: ApplicantHomeProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const programs = useReferenceList(api, 'programs');
  const nameOf = (item: { name: string; nameJa: string }) => (locale === 'ja' ? item.nameJa : item.name);
  const groupsOf = (kind: StudentType): OptionGroup[] =>
    (programs.data ?? []).filter((group) => !group.hidden && group.studentType === kind);

  return (
    <>
      <h1 className={heading}>{intl.formatMessage({ id: 'app.home.heading' })}</h1>
      <p className={paragraph}>{intl.formatMessage({ id: 'app.home.greeting' }, { email })}</p>
      <p className={paragraph}>{intl.formatMessage({ id: 'app.home.formNotice' })}</p>
      {programs.isPending ? (
        <p className={paragraph} role="status">
          {intl.formatMessage({ id: 'app.home.loadingProgrammes' })}
        </p>
      ) : (
        <div className={styles.kinds}>
          {kinds.map((kind) => {
            const options = groupsOf(kind)
              .flatMap((group) => group.options)
              .filter((option) => !option.hidden)
              .sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
            return (
              <section key={kind} className={styles.kind} aria-labelledby={`kind-${kind}`}>
                <h2 id={`kind-${kind}`} className={styles.kindHeading}>
                  {intl.formatMessage({ id: `app.home.kind.${kind}` })}
                </h2>
                {options.length > 0 ? (
                  <ul className={styles.programmes}>
                    {options.map((option) => (
                      <li key={option.id}>{nameOf(option)}</li>
                    ))}
                  </ul>
                ) : (
                  <p className={paragraph}>{intl.formatMessage({ id: 'app.home.noProgrammes' })}</p>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
