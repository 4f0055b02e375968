// The search overlay against the real binary and its demo content: a guest
// types a Chinese keyword and gets results, moves to one with the arrow keys
// and opens it with Enter (the overlay closes); in English the members
// section lists a member found by name, and a key found nowhere shows the
// empty state. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('search', { skip: suiteSkip(), concurrency: true }, () => {
  const site = useSite();

  test('a guest finds Chinese content inside a longer title and opens it from the keyboard', async () => {
    const { context, page } = await site.open({ ...DESKTOP, locale: 'zh-CN' });
    try {
      await page.goto(`${site.url}/`);
      await page.getByRole('button', { name: '搜索' }).first().click();
      const dialog = page.getByRole('dialog', { name: '搜索结果' });
      await dialog.getByText('请输入关键词').waitFor();
      const input = dialog.getByRole('combobox');
      await input.fill('钱包');
      const result = dialog.getByRole('option', { name: /钱包使用指南/ });
      await result.waitFor();
      assert.match(await result.getAttribute('href'), /^\/article\/wallet-guide-\d+$/);
      assert.ok(await result.getByLabel(/次浏览/).count(), 'the views are shown');
      await screenshot(page, 'search-zh');

      await input.press('ArrowDown');
      assert.equal(await result.getAttribute('aria-selected'), 'true');
      await input.press('Enter');
      await page.waitForURL(/\/article\/wallet-guide-\d+$/);
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: '钱包使用指南' }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  test('members by name, and the empty state, in English on a phone', async () => {
    const { context, page } = await site.open(MOBILE);
    try {
      await page.goto(`${site.url}/en`);
      await page.getByRole('button', { name: 'Search' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Search results' });
      const input = dialog.getByRole('combobox');
      await input.fill('valeria');
      const people = dialog.getByRole('region', { name: 'Members' });
      await people.getByRole('option', { name: /Valeria VIP/ }).waitFor();
      await screenshot(page, 'search-members-mobile');

      await input.fill('zzqxj');
      await dialog.getByText('No related content found').waitFor();
      await input.fill('   ');
      await dialog.getByText('Please enter a keyword').waitFor();
    } finally {
      await context.close();
    }
  });
});
