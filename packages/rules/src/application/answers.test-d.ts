// The rules' structural input types take every value of the contract's schemas they mirror (openapi.yaml).
// Pinned by the typecheck (`tsc -p packages/rules`, part of `npm run typecheck`), which compiles this file.
import type { components } from '@pre-admission/api/schema';
import { describe, expectTypeOf, it } from 'vitest';
import type { PlanLists } from '../plan.ts';
import type { DocumentSlot } from './slots.ts';
import type { ApplicationInput, ApplicationLists, ApplicationSection } from './types.ts';

type Schemas = components['schemas'];

describe('application input types', () => {
  it('take the contract’s application, and its reference lists', () => {
    expectTypeOf<Schemas['Application']>().toExtend<ApplicationInput>();
    expectTypeOf<Schemas['CountryDetail'][]>().toExtend<ApplicationLists['countryDetails']>();
    expectTypeOf<Schemas['SimpleItem'][]>().toExtend<ApplicationLists['educationTypes']>();
    expectTypeOf<ApplicationLists>().toExtend<PlanLists>();
  });

  it('name the contract’s sections and slot kinds', () => {
    expectTypeOf<ApplicationSection>().toEqualTypeOf<Schemas['ApplicationSection']>();
    expectTypeOf<DocumentSlot['slotKind']>().toEqualTypeOf<Schemas['DocumentSlotKind']>();
  });
});
