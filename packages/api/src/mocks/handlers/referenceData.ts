import { schemaExamples } from '../../generated/examples';
import { http } from '../http';

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
};
