import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { pseudoText } from './pseudo';
import { pseudoLocaleProblems } from './pseudoCheck';

/**
 * The check every story passes in the pseudo-locale (.storybook/preview.tsx afterEach), on a sample that
 * has each kind of text it must catch or leave alone. In its own `lang="en-XA"` box, so it runs the same in
 * every vitest project.
 */
function Sample() {
  return (
    <div lang="en-XA" style={{ display: 'grid', gap: 8, width: 320 }}>
      <p data-case="pseudo">{pseudoText('Sign in to apply')}</p>
      <p data-case="hard-coded">Sign in to apply</p>
      <button type="button" aria-label="Close the notice" data-case="hard-coded-label">
        ×
      </button>
      <p data-case="data">{`${pseudoText('Signed in as')} applicant@example.com, ${pseudoText('file')} 研究計画書.pdf`}</p>
      <p data-case="other-language" lang="en">
        English
      </p>
      <div data-case="overflow" style={{ width: 80, whiteSpace: 'nowrap' }}>
        {pseudoText('Create an account')}
      </div>
      <div
        data-case="ellipsis"
        style={{ width: 80, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {pseudoText('Create an account')}
      </div>
      <div data-case="cut-off" style={{ width: 120, height: 20, overflow: 'hidden' }}>
        {pseudoText('Your password is shown. Make sure no one is watching.')}
      </div>
    </div>
  );
}

const meta = {
  title: 'Translations/Pseudo-locale check',
  component: Sample,
  // The sample's faults are deliberate: the check is run by the play function, not after it.
  parameters: { pseudoLocale: { test: 'off' }, a11y: { test: 'off' } },
} satisfies Meta<typeof Sample>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FindsHardCodedAndOverflowingText: Story = {
  play: async ({ canvasElement }) => {
    const problems = pseudoLocaleProblems(canvasElement);
    await expect(problems).toEqual([
      'hard-coded text "Sign in to apply" in <p>',
      'hard-coded aria-label="Close the notice" on <button>',
      expect.stringMatching(
        /^"\[Çŕéåţé åñ åççöûñţ .*" in <div> overflows its box \(\d+px of text in 80px\)$/,
      ),
      expect.stringMatching(/^"\[Ýöûŕ þåššŵöŕð .*" in <div> is cut off \(\d+px of text in 20px high\)$/),
    ]);
  },
};
