import { useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { mergeProps } from 'react-aria/mergeProps';
import { useButton } from 'react-aria/useButton';
import { useFocusRing } from 'react-aria/useFocusRing';
import { useHover } from 'react-aria/useHover';
import { localeNames, useLocale, type DisplayLocale } from '@pre-admission/i18n';
import * as styles from './LanguageSwitch.css';

/**
 * 日本語 / English, each in its own language (`lang`), as a single-choice group; outside production builds
 * the pseudo-locale too (`offerPseudoLocale` of LocaleProvider, packages/i18n/src/pseudo.ts). Switching only changes the
 * locale in context: the route and anything typed into a form stay as they are.
 *
 * The markup, attributes and keys of react-aria-components' single-selection ToggleButtonGroup (a toolbar
 * that is a radiogroup), built from the hooks the first load already has: the group's own code
 * (toolbar focus management, selection state) cost about 5 kB gzip on every page for two buttons.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const { displayLocale: locale, selectable, setLocale } = useLocale();
  const groupRef = useRef<HTMLDivElement>(null);
  // As react-aria's toolbar: Tab leaves the group, and coming back focuses the option last focused.
  const lastFocused = useRef<HTMLElement | null>(null);
  const options = () => [...(groupRef.current?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])];
  const onKeyDownCapture = (event: KeyboardEvent) => {
    const all = options();
    const index = all.indexOf(event.target as HTMLElement);
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      all[index + (event.key === 'ArrowRight' ? 1 : -1)]?.focus();
      event.stopPropagation();
      event.preventDefault();
    } else if (event.key === 'Tab') {
      lastFocused.current = document.activeElement as HTMLElement | null;
      (event.shiftKey ? all[0] : all.at(-1))?.focus();
    }
  };
  const onBlurCapture = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget) && !lastFocused.current) {
      lastFocused.current = event.target as HTMLElement;
    }
  };
  const onFocusCapture = (event: FocusEvent) => {
    if (lastFocused.current && !event.currentTarget.contains(event.relatedTarget)) {
      lastFocused.current.focus();
      lastFocused.current = null;
    }
  };
  return (
    <div
      ref={groupRef}
      className={styles.group}
      role="radiogroup"
      aria-label={intl.formatMessage({ id: 'ui.languageSwitch.label' })}
      aria-orientation="horizontal"
      data-orientation="horizontal"
      onKeyDownCapture={onKeyDownCapture}
      onBlurCapture={onBlurCapture}
      onFocusCapture={onFocusCapture}
    >
      {selectable.map((option) => (
        <Option
          key={option}
          option={option}
          isSelected={option === locale}
          onSelect={() => {
            if (option !== locale) setLocale(option);
          }}
        />
      ))}
    </div>
  );
}

function Option({
  option,
  isSelected,
  onSelect,
}: {
  option: DisplayLocale;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const { buttonProps, isPressed } = useButton({ onPress: onSelect }, ref);
  const { hoverProps, isHovered } = useHover({});
  const { focusProps, isFocused, isFocusVisible } = useFocusRing();
  return (
    <button
      {...mergeProps(buttonProps, hoverProps, focusProps)}
      ref={ref}
      lang={option}
      className={styles.option}
      role="radio"
      aria-checked={isSelected}
      data-selected={isSelected || undefined}
      data-pressed={isPressed || undefined}
      data-hovered={isHovered || undefined}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      {localeNames[option]}
    </button>
  );
}
