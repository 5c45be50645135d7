// Small steps of the UI scenarios in run.mjs, on a Playwright page of the code-server workbench.

export async function answerInput(page, title, value) {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: title }).waitFor({ timeout: 30_000 });
  await widget.locator('input').fill(value);
  await page.keyboard.press('Enter');
}

export function treeRow(page, label) {
  return page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: label }) }).first();
}

export async function runCommand(page, title) {
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
}

export async function waitFor(what, probe, ms) {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
