import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { focusRing } from '../../theme/shared.css';
import { vars } from '../../theme/vars.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minHeight: '44px',
    padding: `${vars.space.sm} ${vars.space.lg}`,
    font: 'inherit',
    fontWeight: vars.font.weight.bold,
    lineHeight: vars.font.lineHeight.tight,
    textAlign: 'center',
    borderRadius: vars.radius.sm,
    border: '2px solid transparent',
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast}`,
    selectors: {
      '&[data-focus-visible]': focusRing,
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
      '&[data-pending]': { cursor: 'progress' },
    },
    '@media': {
      // Forced colours drop backgrounds: keep the button's edge visible as a system ButtonText border.
      '(forced-colors: active)': { borderColor: 'ButtonText' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: {
          '&[data-hovered]:not([data-disabled]), &[data-pressed]': { background: vars.color.brandHover },
        },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: {
          '&[data-hovered]:not([data-disabled]), &[data-pressed]': { background: vars.color.brandSurface },
        },
      },
      quiet: {
        background: 'transparent',
        color: vars.color.brand,
        textDecoration: 'underline',
        fontWeight: vars.font.weight.regular,
        paddingInline: 0,
        selectors: { '&[data-hovered]:not([data-disabled])': { textDecorationThickness: '3px' } },
      },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { variant: 'primary', fullWidth: false },
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', borderRightColor: 'currentColor' } },
});
