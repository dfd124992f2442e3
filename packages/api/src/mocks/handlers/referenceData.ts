import { HttpResponse } from 'msw';
import { schemaExamples } from '../../generated/examples';
import type { components } from '../../generated/schema';
import { referenceListNames, referenceLists } from '../../operations/referenceData';
import { http, problem } from '../http';

const { SimpleItem } = schemaExamples;

/** Every reference list answers with its contract example; stories override a list to show more. */
export const referenceDataHandlers = {
  countries: http.get('/api/countries', ({ response }) => response(200).json([schemaExamples.Country])),
  countryDetails: http.get('/api/country-details', ({ response }) =>
    response(200).json([schemaExamples.CountryDetail]),
  ),
  courses: http.get('/api/courses', ({ response }) => response(200).json([schemaExamples.Course])),
  courseDetails: http.get('/api/course-details', ({ response }) =>
    response(200).json([schemaExamples.CourseDetail]),
  ),
  educationSystems: http.get('/api/education-systems', ({ response }) => response(200).json([SimpleItem])),
  educationTypes: http.get('/api/education-types', ({ response }) => response(200).json([SimpleItem])),
  partnerSchoolTypes: http.get('/api/partner-school-types', ({ response }) =>
    response(200).json([SimpleItem]),
  ),
  programs: http.get('/api/programs', ({ response }) => response(200).json([schemaExamples.OptionGroup])),
  scholarshipFinancialSupports: http.get('/api/scholarship-financial-supports', ({ response }) =>
    response(200).json([SimpleItem]),
  ),
  scholarshipStatuses: http.get('/api/scholarship-statuses', ({ response }) =>
    response(200).json([SimpleItem]),
  ),
  scholarshipTypes: http.get('/api/scholarship-types', ({ response }) => response(200).json([SimpleItem])),
  supplementalMaterialTypes: http.get('/api/supplemental-material-types', ({ response }) =>
    response(200).json([schemaExamples.SupplementalMaterialType]),
  ),
  teachers: http.get('/api/teachers', ({ response }) => response(200).json([schemaExamples.Teacher])),
  rankedUniversities: http.get('/api/ranked-universities', ({ response }) =>
    response(200).json([schemaExamples.RankedUniversity]),
  ),
  usersLists: http.get('/api/users-lists', ({ response }) => response(200).json([schemaExamples.UsersList])),
  applicationCertificateTypes: http.get('/api/application-certificate-types', ({ response }) =>
    response(200).json([schemaExamples.ApplicationCertificateType]),
  ),
  supplementalMaterialRequires: http.get('/api/supplemental-material-requires', ({ response }) =>
    response(200).json([schemaExamples.SupplementalMaterialRequire]),
  ),
  acceptorRejectReasons: http.get('/api/acceptor-reject-reasons', ({ response }) =>
    response(200).json([SimpleItem]),
  ),
  educationCertificateCategories: http.get('/api/education-certificate-categories', ({ response }) =>
    response(200).json([SimpleItem]),
  ),
  educationCertificateTypes: http.get('/api/education-certificate-types', ({ response }) =>
    response(200).json([SimpleItem]),
  ),
  /**
   * getReferenceLists, made of the single lists: each name is read from its own path, which the handlers in
   * front answer, so a story that gives a list its own items or its own failure changes this answer alike
   * (the first failure is the answer). A query the server refuses (routes/referenceData.ts) is refused here.
   */
  bundle: http.get('/api/reference-lists', async ({ request }) => {
    const url = new URL(request.url);
    const names = url.searchParams.getAll('names');
    const ranks = names.map((name) => referenceListNames.indexOf(name as never));
    const wellFormed =
      names.length > 0 &&
      [...url.searchParams.keys()].every((key) => key === 'names') &&
      ranks.every((rank, i) => rank >= 0 && (i === 0 || rank > ranks[i - 1]!));
    if (!wellFormed) return problem('getReferenceLists', '400');
    // All asked at once, as the app asked for them one by one before: in a story each is a round trip through
    // the service worker, and one after another they outlasted a story's wait under load.
    const answers = await Promise.all(
      (names as (keyof typeof referenceLists)[]).map((name) => {
        const path = url.pathname.replace(/\/api\/reference-lists$/, referenceLists[name].path);
        return fetch(new URL(path, url), { headers: request.headers }).catch(() => undefined);
      }),
    );
    const body: Record<string, unknown> = {};
    for (const [index, answer] of answers.entries()) {
      // No answer to a list (a story's network error) is no answer to the whole.
      if (!answer) return HttpResponse.error();
      if (!answer.ok)
        return HttpResponse.json((await answer.json()) as components['schemas']['Problem'], {
          status: answer.status,
          headers: { 'Content-Type': answer.headers.get('Content-Type') ?? 'application/problem+json' },
        });
      body[names[index]!] = await answer.json();
    }
    return HttpResponse.json(body);
  }),
};
