// Generated from openapi.yaml by scripts/generate-examples.mjs (npm run generate). Do not edit.
import type { components } from './schema';

type Schemas = components['schemas'];

/** The first example of each schema in openapi.yaml. */
export const schemaExamples = {
  RequestId: '185673245123:2718',
  Email: 'applicant@example.com',
  Problem: {
    type: 'urn:pre-admission:problem:validation',
    title: 'Some fields are invalid.',
    status: 400,
    errors: [
      {
        field: 'email',
        code: 'invalid_email',
      },
    ],
  },
  TokenProblem: {
    type: 'urn:pre-admission:problem:token-not-found',
    title: 'This link is invalid or has expired.',
    status: 404,
    code: 'expired',
    expiredAt: '2026-11-21T09:30:00Z',
  },
  MailAccepted: {
    nextSendAllowedAt: '2026-11-21T08:31:00Z',
  },
  PasswordResetAccepted: {
    nextSendAllowedAt: '2026-11-21T08:31:00Z',
    sentAt: '2026-11-21T08:30:00Z',
  },
  FieldError: {
    field: 'email',
    code: 'invalid_email',
  },
  CurrentSession: {
    email: 'applicant@example.com',
    expiresAt: '2026-11-21T08:30:00.000Z',
    absoluteExpiresAt: '2026-11-21T20:00:00.000Z',
    expiresInSeconds: 1800,
    idleTimeoutSeconds: 1800,
    warningSeconds: 120,
    confirmedUntil: '2026-11-21T08:10:00.000Z',
    secondFactorRequired: false,
  },
  SessionStatus: {
    signedIn: true,
    email: 'applicant@example.com',
  },
  SecondStepRequest: {
    code: '492039',
  },
  ConfirmationRequest: {
    password: 'Passw0rd2026',
  },
  ConfirmationPassword: 'Passw0rd2026',
  TotpCode: '492039',
  RecoveryCode: '7fkq-2m9x-hd4p',
  Base64Url: 'mVbMx0RVcUq2_fVNqBhTzA',
  PasskeyRequestOptions: {
    challenge: 'mVbMx0RVcUq2_fVNqBhTzA',
    timeout: 120000,
    rpId: 'www.example.ac.jp',
    userVerification: 'required',
  },
  PasskeyCreationOptions: {
    challenge: 'mVbMx0RVcUq2_fVNqBhTzA',
    rp: {
      name: 'Pre-admission Support',
      id: 'www.example.ac.jp',
    },
    user: {
      id: '3q2-7w',
      name: 'applicant@example.com',
      displayName: 'applicant@example.com',
    },
    pubKeyCredParams: [
      {
        type: 'public-key',
        alg: -7,
      },
      {
        type: 'public-key',
        alg: -257,
      },
    ],
    timeout: 120000,
    attestation: 'none',
    excludeCredentials: [],
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  },
  PasskeyAssertion: {
    id: 'Y3JlZC0x',
    rawId: 'Y3JlZC0x',
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
      authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
      signature: 'MEUCIQ',
      userHandle: '3q2-7w',
    },
  },
  PasskeyAttestation: {
    id: 'Y3JlZC0x',
    rawId: 'Y3JlZC0x',
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
      attestationObject: 'o2NmbXRkbm9uZQ',
      transports: ['internal', 'hybrid'],
    },
  },
  PasskeyName: {
    name: 'Pixel 9 (Chrome)',
  },
  Passkey: {
    id: '12',
    name: 'Pixel 9 (Chrome)',
    createdAt: '2026-11-21T08:30:00.000Z',
    lastUsedAt: '2026-11-22T01:10:00.000Z',
    synced: true,
  },
  PasskeyList: {
    passkeys: [
      {
        id: '12',
        name: 'Pixel 9 (Chrome)',
        createdAt: '2026-11-21T08:30:00.000Z',
        lastUsedAt: '2026-11-22T01:10:00.000Z',
        synced: true,
      },
    ],
  },
  AuthenticatorApp: {
    on: true,
    onSince: '2026-11-21T08:30:00.000Z',
    recoveryCodesLeft: 10,
  },
  AuthenticatorCode: {
    code: '492039',
  },
  AuthenticatorSetup: {
    key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    uri: 'otpauth://totp/Pre-admission%20Support:applicant%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pre-admission%20Support&algorithm=SHA1&digits=6&period=30',
  },
  RecoveryCodes: {
    recoveryCodes: [
      '7fkq-2m9x-hd4p',
      'b3nw-8cz5-tq1r',
      '9gvx-k2pm-4hfd',
      'm6tr-1qzc-8wbn',
      'x4dh-7vkp-3nsg',
      'c8pw-5mfq-2zrt',
      't1kb-9xgd-6vqm',
      'q7zn-3hcw-5pkd',
      'f2vm-8rtx-1bqz',
      'w5gc-4nkp-7dhx',
    ],
  },
  SignInRequest: {
    email: 'applicant@example.com',
    password: 'Passw0rd2026',
  },
  EmailRequest: {
    email: 'applicant@example.com',
  },
  TokenRequest: {
    token: 'k3J9sQ2vX8bN1mZ4tY7wR0',
    email: 'applicant@example.com',
    createdAt: '2026-11-21T08:30:00Z',
  },
  NewPassword: 'Passw0rd2026',
  FinishRequest: {
    password: 'Passw0rd2026',
  },
  PasswordChangeRequest: {
    currentPassword: 'Passw0rd2026',
    newPassword: 'N3wPassw0rd',
  },
  AccountReference: {
    name: 'Hanako Yamada',
    account: 'admin01@example.ac.jp',
  },
  Mail: {
    to: 'applicant@example.com',
    subject: '【留学生入学前支援サイト】アカウント登録のご案内 / Complete your registration',
    text: '下記のURLからパスワードを登録してください。\nhttp://localhost:8080/registrations/k3J9sQ2vX8bN1mZ4tY7wR0',
    sentAt: '2026-11-21T08:30:00Z',
  },
  MaintenanceWindow: {
    start: '2024-08-30T08:00:00.000Z',
    end: '2024-09-02T01:00:00.000Z',
    text: {
      ja: 'この間は出願準備の保存もできません。お急ぎの方は留学生入学前支援窓口にご連絡ください。',
      en: 'You cannot save your application plan during this time. If it is urgent, please contact the Pre-admission Support Desk.',
    },
  },
  Health: {
    status: 'ok',
  },
  PlanId: 1,
  Plan: {
    studentType: 'master',
    programId: 11,
    teacherId: 103,
    readyCertificateIds: [311],
    readyMaterialIds: [311],
    scholarshipTypeId: 12,
    scholarshipStatusId: 4,
    financialSupportId: 1,
    countryId: 156,
    universityId: 101,
  },
  StudentType: 'master',
  VisibilityState: 'visible',
  DepartmentType: 'Information',
  SimpleItem: {
    id: 12,
    name: 'Japanese Government (MEXT) Scholarship',
    nameJa: '国費外国人留学生',
  },
  Attachment: {
    id: 1,
    name: 'research-plan-template.pdf',
    url: '/files/research-plan-template.pdf',
    contentType: 'application/pdf',
  },
  SupplementalMaterialType: {
    id: 1,
    name: 'Research plan',
    nameJa: '研究計画書',
    templates: [
      {
        id: 1,
        name: 'research-plan-template.pdf',
        url: '/files/research-plan-template.pdf',
        contentType: 'application/pdf',
      },
    ],
  },
  Country: {
    id: 392,
    numericCode: '392',
    alpha3Code: 'JPN',
    alpha2Code: 'JP',
    name: 'Japan',
    nameJa: '日本',
    subdivisionCode: 'JP',
    isGroupD: false,
    isGroupA: false,
  },
  CountryDetail: {
    id: 156,
    countryId: 156,
    yearsOfSchooling: 12,
    note: 'Submit the graduation certificate issued by CHESICC.',
    noteJa: '学歴証明書は中国高等教育学生信息網（CHESICC）発行のものを提出してください。',
  },
  Course: {
    id: 1,
    name: 'Graduate School of Informatics',
    nameJa: '情報学研究科',
    types: ['researchStudent', 'master', 'doctoral'],
  },
  CourseDetail: {
    id: 1,
    courseId: 1,
    description: 'Admission for international applicants in April and October.',
    descriptionJa: '4月入学と10月入学の外国人留学生を受け入れています。',
    url: 'https://www.example.ac.jp/informatics/admission/',
  },
  Department: {
    id: 3,
    officeId: 3,
    name: '情報学部',
    nameEn: 'School of Informatics',
    shortName: '情報',
    descriptionType: 'Information',
    state: 'visible',
  },
  Teacher: {
    id: 101,
    officeId: 3,
    courseId: 1,
    name: '山田 太郎',
    nameEn: 'Taro Yamada',
    acceptResearchStudent: true,
    acceptMaster: true,
    acceptDoctoral: false,
    acceptExchange: false,
    state: 'visible',
  },
  RankedUniversity: {
    id: 1,
    yearType: '_2025',
    name: 'Tsinghua University',
    rankType: 'QS',
    rank: 20,
    rankInChina: 1,
    rankingCountryName: 'China',
    countryId: 156,
    isProject211: true,
    isProject985: true,
    isUniversityPartner: true,
    isDepartmentPartner: false,
    isOther: false,
    isChina: true,
  },
  ApplicationCertificateType: {
    id: 1,
    courseId: 1,
    studentType: 'master',
    name: 'Certificate of graduation',
    nameJa: '卒業証明書',
    description: 'Issued by the last school you attended.',
    descriptionJa: '最終学歴の学校が発行したもの。',
    required: true,
    displayOrder: 1,
    state: 'visible',
    version: 1,
    createdAt: '2026-04-01T00:00:00Z',
    updatedAt: '2026-04-01T00:00:00Z',
  },
  SupplementalMaterialRequire: {
    id: 1,
    courseId: 1,
    studentType: 'doctoral',
    supplementalMaterialTypeId: 1,
    required: true,
    displayOrder: 1,
  },
  WmdType: {
    id: 1,
    name: 'Nuclear',
    code: 'N',
    displayOrder: 1,
  },
  AnotherName: {
    usersListId: 1,
    anotherName: 'Example Institute of Physics',
  },
  UsersList: {
    id: 1,
    name: 'Example Research Institute',
    country: 'Exampleland',
    wmdTypes: [
      {
        id: 1,
        name: 'Nuclear',
        code: 'N',
        displayOrder: 1,
      },
    ],
    anotherNames: [
      {
        usersListId: 1,
        anotherName: 'Example Institute of Physics',
      },
    ],
  },
  OptionLink: {
    name: 'Programme guide',
    nameJa: '募集要項',
    url: 'https://www.example.ac.jp/en/admission/guide.pdf',
    urlJa: 'https://www.example.ac.jp/admission/guide.pdf',
  },
  Option: {
    id: 11,
    code: 'MASTER_APRIL',
    name: "Master's programme (April entry)",
    nameJa: '修士課程（4月入学）',
    isOther: false,
    displayOrder: 1,
    studentType: 'master',
    hidden: false,
  },
  OptionGroup: {
    id: 2,
    name: "Master's programmes",
    nameJa: '修士課程',
    studentType: 'master',
    hidden: false,
    options: [
      {
        id: 11,
        code: 'MASTER_APRIL',
        name: "Master's programme (April entry)",
        nameJa: '修士課程（4月入学）',
        isOther: false,
        displayOrder: 1,
        studentType: 'master',
        hidden: false,
      },
    ],
  },
  OpaqueId: 'q3ZbV1n8R0K7yXw2LmA9tQ',
  ApplicationPeriod: {
    id: '2027-april-master',
    programId: 11,
    opensAt: '2026-10-31T15:00:00.000Z',
    closesAt: '2027-01-15T08:00:00.000Z',
    state: 'open',
  },
  ApplicationStatus: 'submitted',
  ApplicationSection: 'personal',
  ApplicationStart: {
    studentType: 'master',
  },
  ApplicationChoices: {
    programId: 11,
    teacherId: 103,
    scholarshipTypeId: 12,
    scholarshipStatusId: 4,
    financialSupportId: 1,
  },
  ShortText: 'Chen',
  PersonalDetails: {
    familyName: 'CHEN',
    givenNames: 'XIAOMING',
    nameJa: '陳 小明',
    dateOfBirth: '1999-04-02',
    nationalityId: 156,
    residenceCountryId: 156,
  },
  PostalAddress: {
    line1: '12 Zhongguancun Street',
    city: 'Beijing',
    postcode: '100080',
    countryId: 156,
  },
  ContactDetails: {
    address: {
      line1: '12 Zhongguancun Street',
      city: 'Beijing',
      postcode: '100080',
      countryId: 156,
    },
    telephone: '+8613800138000',
  },
  YearMonth: '2019-09',
  EducationEntry: {
    countryId: 156,
    universityId: 101,
    educationTypeId: 4,
    from: '2017-09',
    to: '2021-07',
    certificateCategoryId: 1,
    certificateTypeId: 2,
  },
  Education: {
    entries: [
      {
        countryId: 156,
        universityId: 101,
        educationTypeId: 4,
        from: '2017-09',
        to: '2021-07',
      },
    ],
  },
  Declarations: {
    informationTrue: true,
    privacyAccepted: true,
  },
  ApplicationAnswers: {
    choices: {
      programId: 11,
    },
    personal: {
      familyName: 'CHEN',
    },
    contact: {},
    education: {
      entries: [],
    },
    declarations: {},
  },
  ApplicationAnswersPatch: {
    personal: {
      familyName: 'CHEN',
      givenNames: 'XIAOMING',
      dateOfBirth: '1999-04-02',
      nationalityId: 156,
      residenceCountryId: 156,
    },
  },
  DocumentSlotKind: 'certificate',
  ApplicationDocument: {
    id: 'Zp4c0YlM8aQe2HnTq1Wv7A',
    slotKind: 'certificate',
    slotTypeId: 311,
    fileName: 'graduation-certificate.pdf',
    mediaType: 'application/pdf',
    size: 482113,
    uploadedAt: '2026-12-01T03:12:00.000Z',
    hasPreview: false,
  },
  LocalisedText: {
    ja: '研究計画が指導教員の専門と合致しないため。',
    en: "The research plan does not match the supervisor's field.",
  },
  Reopened: {
    sections: ['documents'],
    documentIds: ['Zp4c0YlM8aQe2HnTq1Wv7A'],
    dueAt: '2027-01-20T08:00:00.000Z',
    message: "Please upload the graduation certificate with the university's seal.",
  },
  Decision: {
    outcome: 'accepted',
  },
  HistoryEntry: {
    status: 'submitted',
    at: '2026-12-01T03:15:00.000Z',
  },
  Reference: 'M27-4KX7-9QF2',
  ApplicationSummary: {
    id: 'q3ZbV1n8R0K7yXw2LmA9tQ',
    status: 'submitted',
    studentType: 'master',
    programId: 11,
    periodId: '2027-april-master',
    reference: 'M27-4KX7-9QF2',
    createdAt: '2026-11-28T02:00:00.000Z',
    updatedAt: '2026-12-01T03:15:00.000Z',
    submittedAt: '2026-12-01T03:15:00.000Z',
    history: [
      {
        status: 'submitted',
        at: '2026-12-01T03:15:00.000Z',
      },
    ],
  },
  ApplicationList: {
    applications: [],
  },
  Application: {
    id: 'q3ZbV1n8R0K7yXw2LmA9tQ',
    status: 'draft',
    studentType: 'master',
    programId: 11,
    createdAt: '2026-11-28T02:00:00.000Z',
    updatedAt: '2026-11-28T02:00:00.000Z',
    history: [],
    answers: {
      choices: {
        programId: 11,
        teacherId: 103,
      },
      personal: {},
      contact: {},
      education: {
        entries: [],
      },
      declarations: {},
    },
    documents: [],
  },
  ConsentStatus: 'requested',
  ConsentRequest: {
    id: 'c7ZbV1n8R0K7yXw2LmA9tQ',
    teacherId: 103,
    status: 'requested',
    message: 'I would like to study machine translation in your laboratory.',
    researchPlan: {
      documentId: 'd3ZbV1n8R0K7yXw2LmA9tQ',
      fileName: 'research-plan.pdf',
    },
    requestedAt: '2026-11-28T02:00:00.000Z',
    expiresAt: '2026-12-12T02:00:00.000Z',
  },
  ApplicationConsent: {
    required: true,
    given: false,
    requests: [],
  },
  NewConsentRequest: {
    message: 'I would like to study machine translation in your laboratory.',
  },
  Withdrawal: {
    reason: 'I have accepted an offer from another university.',
  },
} satisfies { [Name in keyof Schemas]?: Schemas[Name] };

/** The example problem body of each error response, by operationId and status. */
export const problemExamples = {
  signIn: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:wrong-password',
      title: 'The password is incorrect.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:account-not-found',
      title: 'No account exists for this e-mail address.',
      status: 404,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '503': {
      type: 'urn:pre-admission:problem:busy',
      title: 'The server is busy. Please try again in a moment.',
      status: 503,
    },
  },
  signOut: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getCurrentSession: {
    '401': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 401,
    },
    '403': {
      type: 'urn:pre-admission:problem:session-revoked',
      title: 'The session was disconnected.',
      status: 403,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  extendSession: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '401': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 401,
    },
    '403': {
      type: 'urn:pre-admission:problem:session-revoked',
      title: 'The session was disconnected.',
      status: 403,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  requestRegistration: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '409': {
      type: 'urn:pre-admission:problem:email-already-registered',
      title: 'This e-mail address is already registered.',
      status: 409,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getRegistration: {
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  finishRegistration: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'password',
          code: 'common_password',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '409': {
      type: 'urn:pre-admission:problem:email-already-registered',
      title: 'This e-mail address is already registered.',
      status: 409,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '503': {
      type: 'urn:pre-admission:problem:busy',
      title: 'The server is busy. Please try again in a moment.',
      status: 503,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  renewRegistration: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '409': {
      type: 'urn:pre-admission:problem:email-already-registered',
      title: 'This e-mail address is already registered.',
      status: 409,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  requestPasswordReset: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:account-not-found',
      title: 'No account exists for this e-mail address.',
      status: 404,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getPasswordReset: {
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  finishPasswordReset: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'password',
          code: 'common_password',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '503': {
      type: 'urn:pre-admission:problem:busy',
      title: 'The server is busy. Please try again in a moment.',
      status: 503,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  renewPasswordReset: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  requestEmailChange: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'email',
          code: 'invalid_email',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:email-in-use',
      title: 'This e-mail address is already in use.',
      status: 409,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '400:invalidEmail': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'email',
          code: 'invalid_email',
        },
      ],
    },
    '400:sameAsCurrent': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'email',
          code: 'same_as_current',
        },
      ],
    },
  },
  activateEmailChange: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '409': {
      type: 'urn:pre-admission:problem:email-in-use',
      title: 'This e-mail address is already in use.',
      status: 409,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '404:unknown': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'unknown',
    },
    '404:used': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'used',
    },
    '404:expired': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'expired',
      expiredAt: '2026-11-21T09:30:00Z',
    },
    '404:superseded': {
      type: 'urn:pre-admission:problem:token-not-found',
      title: 'This link is invalid or has expired.',
      status: 404,
      code: 'superseded',
    },
  },
  changePassword: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'common_password',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:wrong-password',
      title: 'The password is incorrect.',
      status: 409,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '503': {
      type: 'urn:pre-admission:problem:busy',
      title: 'The server is busy. Please try again in a moment.',
      status: 503,
    },
    '400:commonPassword': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'common_password',
        },
      ],
    },
    '400:sameAsCurrent': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'same_as_current',
        },
      ],
    },
  },
  finishSignIn: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '401': {
      type: 'urn:pre-admission:problem:no-second-step',
      title: 'Sign in again.',
      status: 401,
      code: 'no_second_step',
    },
    '403': {
      type: 'urn:pre-admission:problem:wrong-code',
      title: 'The code is not correct.',
      status: 403,
      code: 'wrong_code',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  confirmSignIn: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:wrong-password',
      title: 'The password is incorrect.',
      status: 403,
      code: 'wrong_password',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
    '503': {
      type: 'urn:pre-admission:problem:busy',
      title: 'The server is busy. Please try again in a moment.',
      status: 503,
    },
  },
  startPasskeySignIn: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  passkeySignIn: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:passkey-refused',
      title: 'The passkey was not accepted.',
      status: 403,
      code: 'passkey_refused',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listPasskeys: {
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  addPasskey: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:passkey-refused',
      title: 'The passkey was not accepted.',
      status: 403,
      code: 'passkey_refused',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'This passkey is already added.',
      status: 409,
      code: 'passkey_exists',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  startAddingPasskey: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'No more passkeys can be added.',
      status: 409,
      code: 'passkey_limit',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  renamePasskey: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:foreign-origin',
      title: 'Cross-origin requests are refused.',
      status: 403,
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The passkey was not found.',
      status: 404,
      code: 'passkey_not_found',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  removePasskey: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The passkey was not found.',
      status: 404,
      code: 'passkey_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'This is your last second factor.',
      status: 409,
      code: 'last_second_factor',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getAuthenticatorApp: {
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  enableAuthenticatorApp: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:wrong-code',
      title: 'The code is not correct.',
      status: 403,
      code: 'wrong_code',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'Start setting up the app again.',
      status: 409,
      code: 'no_setup',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  disableAuthenticatorApp: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'The authenticator app is not on.',
      status: 409,
      code: 'not_on',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  startAuthenticatorAppSetup: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'The authenticator app is already on.',
      status: 409,
      code: 'already_on',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  renewRecoveryCodes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:conflict',
      title: 'The authenticator app is not on.',
      status: 409,
      code: 'not_on',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  downloadAccountArchive: {
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  deleteAccount: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:confirmation-required',
      title: 'Confirm it is you.',
      status: 403,
      code: 'confirmation_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:awaiting-decision',
      title: 'An application awaits a decision.',
      status: 409,
      code: 'awaiting_decision',
      detail: 'Awaiting a decision: 2027-M-000123.',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getPlan: {
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  savePlan: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'teacherId',
          code: 'not_offered',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listApplicationPeriods: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listApplications: {
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  startApplication: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:no-session',
      title: 'You are not signed in.',
      status: 404,
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getApplication: {
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  saveApplicationAnswers: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  discardApplication: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  submitApplication: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  withdrawApplication: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getApplicationConsent: {
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  requestConsent: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:consent-conflict',
      title: 'The consent request cannot be changed in its present state.',
      status: 409,
      code: 'consent_pending',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  withdrawConsentRequest: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The consent request was not found.',
      status: 404,
      code: 'consent_request_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:consent-conflict',
      title: 'The consent request cannot be changed in its present state.',
      status: 409,
      code: 'consent_pending',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  uploadApplicationDocument: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The application was not found.',
      status: 404,
      code: 'application_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The file is too large.',
      status: 413,
      code: 'file_too_large',
    },
    '415': {
      type: 'urn:pre-admission:problem:unsupported-file',
      title: 'This type of file cannot be uploaded.',
      status: 415,
      code: 'heic',
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getApplicationDocument: {
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The document was not found.',
      status: 404,
      code: 'document_not_found',
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  removeApplicationDocument: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The document was not found.',
      status: 404,
      code: 'document_not_found',
    },
    '409': {
      type: 'urn:pre-admission:problem:application-conflict',
      title: 'The application cannot be changed in its present state.',
      status: 409,
      code: 'period_closed',
    },
    '413': {
      type: 'urn:pre-admission:problem:payload-too-large',
      title: 'The request body is too large.',
      status: 413,
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getApplicationDocumentPreview: {
    '403': {
      type: 'urn:pre-admission:problem:second-factor-required',
      title: 'Set up a passkey or an authenticator app first.',
      status: 403,
      code: 'second_factor_required',
    },
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'The document was not found.',
      status: 404,
      code: 'document_not_found',
    },
    '429': {
      type: 'urn:pre-admission:problem:rate-limited',
      title: 'Too many attempts. Please wait before trying again.',
      status: 429,
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listCountries: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listCountryDetails: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listCourses: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listCourseDetails: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listEducationSystems: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listEducationTypes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listPartnerSchoolTypes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listPrograms: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listScholarshipFinancialSupports: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listScholarshipStatuses: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listScholarshipTypes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listSupplementalMaterialTypes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listTeachers: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listRankedUniversities: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listUsersLists: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listApplicationCertificateTypes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listSupplementalMaterialRequires: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listAcceptorRejectReasons: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listEducationCertificateCategories: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listEducationCertificateTypes: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getReferenceLists: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      detail: 'names[1]: not a reference list.',
      errors: [
        {
          field: 'names',
          code: 'unknown_list',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  listDebugAdmins: {
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'Not found.',
      status: 404,
    },
  },
  listDebugApprovers: {
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'Not found.',
      status: 404,
    },
  },
  listDebugExchangeUsers: {
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'Not found.',
      status: 404,
    },
  },
  listDebugOffices: {
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'Not found.',
      status: 404,
    },
  },
  listDebugMails: {
    '404': {
      type: 'urn:pre-admission:problem:not-found',
      title: 'Not found.',
      status: 404,
    },
  },
  listMaintenanceWindows: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
    '500': {
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
    },
  },
  getHealth: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
  },
  getHealthLive: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
  },
  getHealthReady: {
    '400': {
      type: 'urn:pre-admission:problem:validation',
      title: 'Some fields are invalid.',
      status: 400,
      errors: [
        {
          field: 'newPassword',
          code: 'password_rule',
        },
      ],
    },
  },
} satisfies Record<string, Record<string, Schemas['Problem'] | Schemas['TokenProblem']>>;
