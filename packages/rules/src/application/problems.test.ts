import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete, lists, now } from './fixtures.ts';
import {
  answerProblems,
  applicationProblems,
  isLatinName,
  isValidTelephone,
  submissionProblems,
} from './problems.ts';
import type { ApplicationAnswersInput, ApplicationInput } from './types.ts';

type Answers = { -readonly [Section in keyof ApplicationAnswersInput]: ApplicationAnswersInput[Section] };

/** The complete application with some sections' answers replaced. */
const withAnswers = (answers: Partial<Answers>, documents = complete.documents): ApplicationInput => ({
  ...complete,
  answers: { ...complete.answers, ...answers },
  documents,
});

const empty: ApplicationInput = {
  studentType: 'master',
  answers: { choices: {}, personal: {}, contact: {}, education: { entries: [] }, declarations: {} },
  documents: [],
};

const personal = (changes: object) => withAnswers({ personal: { ...complete.answers.personal, ...changes } });
const entry = (changes: object) =>
  withAnswers({ education: { entries: [{ ...complete.answers.education.entries[0], ...changes }] } });

describe('application problems (docs/behaviour.md#applications)', () => {
  it('finds none in a complete application', () => {
    expect(submissionProblems(lists, complete, now)).toEqual([]);
    expect(answerProblems(lists, complete, now)).toEqual([]);
  });

  it('finds nothing wrong in an empty draft, and at submission everything required, in section order', () => {
    expect(applicationProblems(lists, empty, now, 'format')).toEqual([]);
    expect(answerProblems(lists, empty, now)).toEqual([]);
    expect(submissionProblems(lists, empty, now)).toEqual([
      { field: 'choices.programId', code: 'required' },
      { field: 'choices.teacherId', code: 'required' },
      { field: 'personal.familyName', code: 'required' },
      { field: 'personal.dateOfBirth', code: 'required' },
      { field: 'personal.nationalityId', code: 'required' },
      { field: 'personal.residenceCountryId', code: 'required' },
      { field: 'contact.address.line1', code: 'required' },
      { field: 'contact.address.city', code: 'required' },
      { field: 'contact.address.countryId', code: 'required' },
      { field: 'contact.telephone', code: 'required' },
      { field: 'education.entries', code: 'required' },
      { field: 'declarations.informationTrue', code: 'not_declared' },
      { field: 'declarations.privacyAccepted', code: 'not_declared' },
    ]);
  });

  it('never finds an absent answer wrong: format problems are those of the answers present', () => {
    const sections = ['choices', 'personal', 'contact', 'education', 'declarations'] as const;
    fc.assert(
      fc.property(fc.subarray([...sections]), (kept) => {
        const answers = {
          ...empty.answers,
          ...Object.fromEntries(kept.map((s) => [s, complete.answers[s]])),
        };
        expect(answerProblems(lists, { ...complete, answers }, now)).toEqual([]);
      }),
    );
  });

  it('counts submission problems as the format ones and the missing ones', () => {
    const application = withAnswers({ personal: { familyName: '陳', dateOfBirth: '2030-01-01' } });
    const format = applicationProblems(lists, application, now, 'format');
    expect(format).toEqual([
      { field: 'personal.familyName', code: 'latin_only' },
      { field: 'personal.dateOfBirth', code: 'in_future' },
    ]);
    const submission = submissionProblems(lists, application, now);
    expect(submission).toEqual(expect.arrayContaining(format));
    const key = (p: { field: string; code: string }) => `${p.field} ${p.code}`;
    const formatKeys = new Set(format.map(key));
    expect(submission.filter((p) => !formatKeys.has(key(p)))).toEqual([
      { field: 'personal.nationalityId', code: 'required' },
      { field: 'personal.residenceCountryId', code: 'required' },
    ]);
  });

  describe('choices', () => {
    it('refuses a programme, supervisor or scholarship status the rules do not offer (not_offered)', () => {
      const choices = { programId: 12, teacherId: 104, scholarshipTypeId: 1, scholarshipStatusId: 4 };
      expect(answerProblems(lists, withAnswers({ choices }), now)).toEqual([
        { field: 'choices.programId', code: 'not_offered' },
        { field: 'choices.teacherId', code: 'not_offered' },
        { field: 'choices.scholarshipStatusId', code: 'not_offered' },
      ]);
    });

    it('asks for the status and the support once a scholarship type is chosen, not before', () => {
      const missing = (choices: object) =>
        submissionProblems(
          lists,
          withAnswers({ choices: { programId: 11, teacherId: 101, ...choices } }),
          now,
        );
      expect(missing({})).toEqual([]);
      expect(missing({ scholarshipTypeId: 2 })).toEqual([
        { field: 'choices.scholarshipStatusId', code: 'required' },
        { field: 'choices.financialSupportId', code: 'required' },
      ]);
    });

    it('issue 38 item 6: asks no status of a privately financed applicant (type 1 offers none)', () => {
      const missing = (choices: object) =>
        submissionProblems(
          lists,
          withAnswers({ choices: { programId: 11, teacherId: 101, ...choices } }),
          now,
        );
      expect(missing({ scholarshipTypeId: 1 })).toEqual([
        { field: 'choices.financialSupportId', code: 'required' },
      ]);
      expect(missing({ scholarshipTypeId: 1, financialSupportId: 1 })).toEqual([]);
    });
  });

  describe('personal details', () => {
    it.each([
      'CHEN',
      "O'BRIEN",
      'Nguyễn',
      'Nguye\u0302\u0303n',
      'MÜLLER-LÜDENSCHEIDT',
      'ST. JOHN',
      'Øster',
      'D’ARCY',
    ])('accepts the passport name %j', (name) => {
      expect(isLatinName(name)).toBe(true);
      expect(answerProblems(lists, personal({ familyName: name, givenNames: name }), now)).toEqual([]);
    });

    it.each(['陳', 'ＣＨＥＮ', 'CHEN1', 'Chen_Xiao', '-', '\u0301A', 'Иван'])(
      'refuses %j (latin_only)',
      (name) => {
        expect(answerProblems(lists, personal({ givenNames: name }), now)).toEqual([
          { field: 'personal.givenNames', code: 'latin_only' },
        ]);
      },
    );

    it('refuses a name of spaces (required) and one over 200 characters (too_long), and accepts 200', () => {
      expect(answerProblems(lists, personal({ familyName: '  ' }), now)).toEqual([
        { field: 'personal.familyName', code: 'required' },
      ]);
      expect(answerProblems(lists, personal({ familyName: 'A'.repeat(201) }), now)).toEqual([
        { field: 'personal.familyName', code: 'too_long' },
      ]);
      expect(answerProblems(lists, personal({ familyName: 'A'.repeat(200) }), now)).toEqual([]);
    });

    it.each(['2001-02-29', '1999-13-01', '1999-04-31', '99-04-02', '1899-12-31', '1999-4-2', ''])(
      'refuses the date of birth %j (invalid_date)',
      (dateOfBirth) => {
        expect(answerProblems(lists, personal({ dateOfBirth }), now)).toEqual([
          { field: 'personal.dateOfBirth', code: 'invalid_date' },
        ]);
      },
    );

    it('accepts 29 February of a leap year', () => {
      expect(answerProblems(lists, personal({ dateOfBirth: '2000-02-29' }), now)).toEqual([]);
    });

    it('refuses a birth after today in Japan (in_future) and one under 15 years ago (too_young)', () => {
      // 2026-12-01 00:30 in Japan is still 30 November in UTC.
      const at = new Date('2026-11-30T15:30:00.000Z');
      const check = (dateOfBirth: string) => answerProblems(lists, personal({ dateOfBirth }), at);
      expect(check('2026-12-02')).toEqual([{ field: 'personal.dateOfBirth', code: 'in_future' }]);
      expect(check('2011-12-02')).toEqual([{ field: 'personal.dateOfBirth', code: 'too_young' }]);
      expect(check('2011-12-01')).toEqual([]);
    });

    it('turns 15 on 1 March when born on 29 February, in a year without one', () => {
      const born = personal({ dateOfBirth: '2008-02-29' });
      expect(answerProblems(lists, born, new Date('2023-02-28T12:00:00+09:00'))).toEqual([
        { field: 'personal.dateOfBirth', code: 'too_young' },
      ]);
      expect(answerProblems(lists, born, new Date('2023-03-01T00:00:00+09:00'))).toEqual([]);
    });

    it('refuses a country that is not in the list (not_offered)', () => {
      expect(answerProblems(lists, personal({ nationalityId: 999 }), now)).toEqual([
        { field: 'personal.nationalityId', code: 'not_offered' },
      ]);
    });
  });

  describe('contact details', () => {
    it.each(['+8613800138000', '+819012345678', '+14155552671', '+447911123456'])(
      'accepts %s',
      (telephone) => {
        expect(isValidTelephone(telephone)).toBe(true);
      },
    );

    it.each([
      '8613800138000',
      '+86 138 0013 8000',
      '+86-13800138000',
      '+0123456789',
      '+811234',
      '+8100000000000',
      '+１',
    ])('refuses %j (invalid_telephone)', (telephone) => {
      const contact = { ...complete.answers.contact, telephone };
      expect(answerProblems(lists, withAnswers({ contact }), now)).toEqual([
        { field: 'contact.telephone', code: 'invalid_telephone' },
      ]);
    });

    it('refuses a postcode over 20 characters (too_long)', () => {
      const contact = {
        ...complete.answers.contact,
        address: { ...complete.answers.contact.address, postcode: '1'.repeat(21) },
      };
      expect(answerProblems(lists, withAnswers({ contact }), now)).toEqual([
        { field: 'contact.address.postcode', code: 'too_long' },
      ]);
    });
  });

  describe('education', () => {
    it('refuses an end before the start (date_order) and accepts the same month', () => {
      expect(answerProblems(lists, entry({ from: '2021-09', to: '2021-08' }), now)).toEqual([
        { field: 'education.entries.0.to', code: 'date_order' },
      ]);
      expect(answerProblems(lists, entry({ from: '2021-09', to: '2021-09' }), now)).toEqual([]);
    });

    it('refuses a start after this month in Japan (in_future); an end after it is the expected one', () => {
      expect(answerProblems(lists, entry({ from: '2027-01', to: '2028-07' }), now)).toEqual([
        { field: 'education.entries.0.from', code: 'in_future' },
      ]);
      expect(answerProblems(lists, entry({ from: '2026-12', to: '2028-07' }), now)).toEqual([]);
      expect(answerProblems(lists, entry({ from: '2017-13', to: '2021' }), now)).toEqual([
        { field: 'education.entries.0.from', code: 'invalid_date' },
        { field: 'education.entries.0.to', code: 'invalid_date' },
      ]);
    });

    it('refuses a university that is not a listed one of the entry’s country (unknown_institution)', () => {
      // 3 is a Korean university; 2 is Chinese but only of the older ranking year.
      for (const universityId of [3, 2, 999])
        expect(answerProblems(lists, entry({ universityId }), now)).toEqual([
          { field: 'education.entries.0.universityId', code: 'unknown_institution' },
        ]);
      expect(answerProblems(lists, entry({ universityId: 3, countryId: 410 }), now)).toEqual([]);
    });

    it('takes a typed institution name instead of a listed university, and asks for one of the two', () => {
      const typed = entry({ universityId: undefined, institutionName: 'Beijing Example College' });
      expect(submissionProblems(lists, typed, now)).toEqual([]);
      expect(submissionProblems(lists, entry({ universityId: undefined }), now)).toEqual([
        { field: 'education.entries.0.universityId', code: 'unknown_institution' },
      ]);
      expect(answerProblems(lists, entry({ universityId: undefined }), now)).toEqual([]);
    });

    it('refuses unknown ids of the education lists (not_offered) and more than 20 entries (too_many)', () => {
      expect(
        answerProblems(
          lists,
          entry({ educationSystemId: 9, educationTypeId: 9, certificateCategoryId: 9, certificateTypeId: 9 }),
          now,
        ),
      ).toEqual(
        ['educationSystemId', 'educationTypeId', 'certificateCategoryId', 'certificateTypeId'].map(
          (name) => ({
            field: `education.entries.0.${name}`,
            code: 'not_offered',
          }),
        ),
      );
      const entries = Array.from({ length: 21 }, () => complete.answers.education.entries[0]!);
      expect(answerProblems(lists, withAnswers({ education: { entries } }), now)).toEqual([
        { field: 'education.entries', code: 'too_many' },
      ]);
    });
  });

  describe('documents and declarations', () => {
    it('asks for each required slot without a document, by slot', () => {
      expect(
        submissionProblems(lists, withAnswers({}, [{ slotKind: 'certificate', slotTypeId: 311 }]), now),
      ).toEqual([
        // Required ones in display order, certificates and materials together: 411 (2) before 313 (5).
        { field: 'documents.material.411', code: 'required' },
        { field: 'documents.certificate.313', code: 'required' },
      ]);
    });

    it('refuses a document in a slot the application does not ask for (not_offered), once per slot', () => {
      const documents = [
        ...complete.documents,
        { slotKind: 'certificate' as const, slotTypeId: 321 },
        { slotKind: 'certificate' as const, slotTypeId: 321 },
        { slotKind: 'material' as const, slotTypeId: 311 },
      ];
      expect(applicationProblems(lists, withAnswers({}, documents), now, 'format')).toEqual([
        { field: 'documents.certificate.321', code: 'not_offered' },
        { field: 'documents.material.311', code: 'not_offered' },
      ]);
    });

    it('asks for each declaration to be ticked (not_declared)', () => {
      const declarations = { informationTrue: true, privacyAccepted: false };
      expect(submissionProblems(lists, withAnswers({ declarations }), now)).toEqual([
        { field: 'declarations.privacyAccepted', code: 'not_declared' },
      ]);
    });
  });

  it('names a field of its section and a documented code for any answers, and never throws', () => {
    const codes = [
      'required',
      'too_long',
      'latin_only',
      'invalid_date',
      'in_future',
      'too_young',
      'date_order',
      'invalid_telephone',
      'not_offered',
      'unknown_institution',
      'too_many',
      'not_declared',
    ];
    const id = fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined });
    const text = fc.option(fc.string({ maxLength: 8 }), { nil: undefined });
    const answers = fc.record({
      choices: fc.record({
        programId: id,
        teacherId: id,
        scholarshipTypeId: id,
        scholarshipStatusId: id,
        financialSupportId: id,
      }),
      personal: fc.record({
        familyName: text,
        givenNames: text,
        nameJa: text,
        dateOfBirth: text,
        nationalityId: id,
        residenceCountryId: id,
      }),
      contact: fc.record({
        address: fc.record({ line1: text, city: text, postcode: text, countryId: id }),
        telephone: text,
      }),
      education: fc.record({
        entries: fc.array(
          fc.record({
            countryId: id,
            universityId: id,
            institutionName: text,
            educationTypeId: id,
            from: text,
            to: text,
          }),
          { maxLength: 3 },
        ),
      }),
      declarations: fc.record({
        informationTrue: fc.option(fc.boolean(), { nil: undefined }),
        privacyAccepted: fc.option(fc.boolean(), { nil: undefined }),
      }),
    });
    const documents = fc.array(
      fc.record({
        slotKind: fc.constantFrom('certificate' as const, 'material' as const),
        slotTypeId: fc.integer({ min: 300, max: 420 }),
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(
        answers,
        documents,
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (answers, documents, at) => {
          const problems = submissionProblems(lists, { studentType: 'master', answers, documents }, at);
          for (const { field, code } of problems) {
            expect(field).toMatch(
              /^(choices|personal|contact|education|documents|declarations)(\.[A-Za-z0-9]+)*$/,
            );
            expect(codes).toContain(code);
          }
          expect(
            answerProblems(lists, { studentType: 'master', answers }, at).every((p) =>
              problems.some((q) => q.field === p.field && q.code === p.code),
            ),
          ).toBe(true);
        },
      ),
    );
  });
});
