// Story tests only (vitest projects storybook-ja and storybook-en). A story named ForcedColors runs with
// Windows-style forced colours emulated by Chromium, so axe and its play function see that rendering.
import { beforeEach } from 'vitest';
import { commands } from 'vitest/browser';

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateForcedColors: (active: boolean) => Promise<void>;
  }
}

beforeEach(async ({ task }) => {
  await commands.emulateForcedColors(/^forced colou?rs$/i.test(task.name));
});
