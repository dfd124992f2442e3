import { style } from '@vanilla-extract/css';
import { vars } from '@pre-admission/ui';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
