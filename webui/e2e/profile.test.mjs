// Profiles against the real binary and its demo content: the VIP is signed
// in (their socket is live); a guest finds them by name in the search
// overlay, opens their profile and sees the online dot, their badges, their
// topics (a gated one locked) and answers, and gets the login box from the
// follow button; the VIP's own profile has the drafts tab. Screenshots go to
// webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiLogin, DEMO_USERS, DESKTOP, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

describe('profiles', { skip: suiteSkip() }, () => {
  const site = useSite();

  test('a guest opens a member’s profile from the search and sees them online, with their topics and answers', async () => {
    const { context: vipContext, page: vip } = await site.open(DESKTOP);
    const { context: guestContext, page, errors } = await site.open({ ...MOBILE, locale: 'zh-CN', colorScheme: 'dark' });
    try {
      await vip.goto(`${site.url}/en`);
      const user = await apiLogin(vip, DEMO_USERS.vip);
      assert.ok(user, 'the VIP signs in');
      await vip.goto(`${site.url}/en/profile/${user.gqSlug}-${user.databaseId}`);
      await vip.getByTestId('own-profile').waitFor();
      await vip.getByRole('tab', { name: /Drafts/ }).waitFor();
      await vip.getByTestId('online-dot').waitFor();

      await page.goto(`${site.url}/`);
      await page.getByRole('button', { name: '搜索' }).first().click();
      const dialog = page.getByRole('dialog', { name: '搜索结果' });
      await dialog.getByRole('combobox').fill('Valeria');
      await dialog.getByRole('option', { name: /Valeria VIP/ }).click();
      await page.waitForURL(/\/profile\/vip-\d+$/);

      await page.getByRole('heading', { name: 'Valeria VIP' }).waitFor();
      await page.getByTestId('online-dot').waitFor();
      await page.getByTestId('profile-badges').locator('[data-badge=vip]').waitFor();
      assert.equal(await page.getByRole('tab', { name: '草稿' }).count(), 0, 'drafts are the member’s own');

      await page.getByRole('tab', { name: '话题' }).click();
      const topics = page.getByTestId('topic-card');
      await topics.filter({ hasText: '内部圈的第一篇' }).waitFor();
      assert.equal(await topics.count(), 2);
      await screenshot(page, 'profile-topics-mobile-dark');

      await page.getByRole('tab', { name: '回答' }).click();
      await page.getByTestId('answer-card').first().waitFor();
      assert.equal(await page.getByTestId('answer-card').count(), 1);

      await page.getByTestId('follow-button').click();
      await page.getByRole('dialog').first().waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await guestContext.close();
      await vipContext.close();
    }
  });
});
