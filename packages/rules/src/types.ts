// The contract's types the rules read: type imports only, so the rules carry no code of the adapter.
import type { components } from '@pre-admission/api/schema';

type Schemas = components['schemas'];
export type StudentType = Schemas['StudentType'];
export type Teacher = Schemas['Teacher'];
export type Option = Schemas['Option'];
export type OptionGroup = Schemas['OptionGroup'];
export type ApplicationCertificateType = Schemas['ApplicationCertificateType'];
export type SupplementalMaterialRequire = Schemas['SupplementalMaterialRequire'];
export type RankedUniversity = Schemas['RankedUniversity'];
export type UsersList = Schemas['UsersList'];
