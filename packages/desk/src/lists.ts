import type { IntlShape } from 'react-intl';

/** One entry of a reference list, named in the page's language by the app (it holds both languages). */
export interface Named<Id = number> {
  id: Id;
  name: string;
}

/**
 * The reference data the desk's screens name things by, each list already in the page's language: the desk
 * app builds them from the reference data (`programs`, `courses`, `teachers`, `countries`, the application
 * periods, the certificate and material types, `acceptor-reject-reasons`). A screen only looks names up; an
 * id a list no longer holds is shown as such, never hidden.
 */
export interface DeskLists {
  programmes: ReadonlyArray<Named>;
  courses: ReadonlyArray<Named>;
  teachers: ReadonlyArray<Named>;
  periods: ReadonlyArray<Named<string>>;
  countries: ReadonlyArray<Named>;
  /** What a document is: a certificate's type or a supplemental material's requirement, by the slot's kind. */
  documentTypes: { certificate: ReadonlyArray<Named>; material: ReadonlyArray<Named> };
  /** The acceptor reject reasons: why an application is not accepted. */
  rejectReasons: ReadonlyArray<Named>;
  /** The choices section's scholarship, its status and the financial support. */
  scholarships?: ReadonlyArray<Named>;
  scholarshipStatuses?: ReadonlyArray<Named>;
  financialSupports?: ReadonlyArray<Named>;
  /** The education section's lists: ranked universities, types, systems, certificate categories and types. */
  universities?: ReadonlyArray<Named>;
  educationTypes?: ReadonlyArray<Named>;
  educationSystems?: ReadonlyArray<Named>;
  certificateCategories?: ReadonlyArray<Named>;
  certificateTypes?: ReadonlyArray<Named>;
}

/** A list entry's name; an id the list does not hold, said as such ("Unknown entry (number 12)"). */
export function nameOf<Id extends number | string>(
  intl: IntlShape,
  list: ReadonlyArray<Named<Id>> | undefined,
  id: Id | undefined,
): string | undefined {
  if (id === undefined) return undefined;
  return (
    list?.find((entry) => entry.id === id)?.name ?? intl.formatMessage({ id: 'desk.answer.unknown' }, { id })
  );
}
