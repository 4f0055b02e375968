// Accounts against the real binary, in English and Chinese at once: sign-up by
// email and by phone (dial code), the captcha and the code read from the dev
// log, the more-information dialog, log out and in (by email, by phone with the
// captcha after three failures), forget/repass, the user menu, badges, level
// tips and the profile page. Screenshots go to webui/e2e/artifacts/.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiLogin, DEMO_USERS, messages, MOBILE, screenshot, suiteSkip, useSite } from './helpers.mjs';

/** The client's messages, so that the test reads what the reader reads. */
const en = messages('en');
const zh = messages('zh-hans');

/** The server answers a code once per target per minute. */
const CODE_RESEND_MS = 60_000;

const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('accounts', { skip: suiteSkip(), concurrency: true }, () => {
  const site = useSite({ context: { colorScheme: 'light' } });

  /** The newest match of pattern in the server's log, waiting for it to appear. */
  async function fromLog(pattern, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = [...site.server.log().matchAll(new RegExp(pattern, 'g'))].at(-1);
      if (found) return found;
      await sleep(50);
    }
    throw new Error(`not in the server log: ${pattern}`);
  }

  /** The code the dev outbox logged for a phone or email and purpose (signup, or reset for forget). */
  async function codeFor(to, action) {
    const [, code] = await fromLog(`dev outbox: message not sent" to=${escapeRe(to)} channel=\\w+ action=${action} code=(\\d+)`);
    return code;
  }

  const openPage = (options) => site.open(options);

  /** Opens the captcha with open(), optionally sends a wrong answer first, then the one the log holds. */
  async function solveCaptcha(page, t, open, { wrongFirst = false } = {}) {
    const isCaptcha = (response) =>
      response.url().endsWith('/api/request') && response.request().postDataJSON()?.action === 'auth.captcha';
    let issued = page.waitForResponse(isCaptcha);
    await open();
    const dialog = page.getByRole('dialog', { name: t('common.login.captcha.title') });
    await dialog.getByTestId('captcha-image').waitFor();
    if (wrongFirst) {
      const first = await (await issued).json();
      issued = page.waitForResponse(isCaptcha);
      await dialog.getByRole('textbox').fill('wrong');
      await dialog.getByRole('button', { name: t('common.login.captcha.confirm') }).click();
      await page.getByText(t('common.login.captcha.error')).first().waitFor();
      const second = await (await issued).json();
      assert.notEqual(second.guaqi.utils.captcha.captchaSign, first.guaqi.utils.captcha.captchaSign, 'a new captcha after a wrong answer');
    }
    const { captchaSign } = (await (await issued).json()).guaqi.utils.captcha;
    const [, answer] = await fromLog(`captcha answer" answer=(\\S+) captchaSign=${escapeRe(captchaSign)}`);
    await dialog.getByRole('textbox').fill(answer);
    await dialog.getByRole('button', { name: t('common.login.captcha.confirm') }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const loginBox = (page) => page.getByRole('dialog').filter({ has: page.locator('form[data-action]') });
  const submit = (page) => loginBox(page).locator('button[type=submit]');

  async function openMenu(page) {
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  async function logOut(page, t) {
    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: t('common.user.logout') }).click();
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).waitFor();
  }

  test('en: email sign-up, more information, log out and in, forget and repass, menu and profile', async () => {
    const t = en;
    const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
    const email = `ann.${Date.now()}@example.com`;
    await page.goto(`${site.url}/en`);
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
    const box = loginBox(page);
    await box.locator('form[data-action=login]').waitFor();
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-en-01-login-box');

    // The title toggles sign-up; changing the sign-in type clears the input.
    await box.getByRole('button', { name: t('common.login.signup'), exact: true }).click();
    await box.locator('form[data-action=signup]').waitFor();
    await box.getByPlaceholder(t('common.login.phonePlaceholder')).fill('13800138000');
    await box.getByRole('radio', { name: t('common.login.type.email') }).click();
    const account = box.getByPlaceholder(t('common.login.emailPlaceholder'));
    assert.equal(await account.inputValue(), '');
    await box.getByTestId('get-code').click();
    await page.getByText(t('common.login.error.requiredEmail')).first().waitFor();
    await account.fill(email);

    await solveCaptcha(page, t, async () => {
      await box.getByTestId('get-code').click();
      await page.waitForTimeout(250);
      await screenshot(page, 'accounts-en-02-captcha');
    });
    await box.getByTestId('get-code').filter({ hasText: /Resend in \d+ s/ }).waitFor();
    assert.equal(await box.getByTestId('get-code').isDisabled(), true);
    const signupCodeAt = Date.now();
    await box.getByPlaceholder(t('common.login.codePlaceholder')).fill(await codeFor(email, 'signup'));
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill('ann-first-2026');
    await submit(page).click();
    await page.getByText(t('common.login.error.termsNotAgreed')).first().waitFor();
    await box.getByRole('checkbox').check();
    await screenshot(page, 'accounts-en-03-signup-filled');
    await submit(page).click();

    // The more-information dialog: no close icon, escape does not close it.
    const more = page.getByRole('dialog', { name: t('common.moreInfomation.title') });
    await more.waitFor();
    assert.equal(await more.getByRole('button', { name: t('common.close') }).count(), 0);
    await page.keyboard.press('Escape');
    await more.waitFor();
    await more.getByLabel(t('common.moreInfomation.name')).fill('Ann Example');
    await more.getByLabel(t('common.moreInfomation.description')).fill('Collects vintage maps.');
    await more.getByText(t('common.moreInfomation.genders.female'), { exact: true }).click();
    await more.getByLabel(t('common.moreInfomation.location')).fill('Lisbon');
    await more.getByLabel(t('common.moreInfomation.website')).fill('https://ann.example.com');
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-en-04-more-information');
    await more.getByRole('button', { name: t('common.moreInfomation.save') }).click();
    await page.getByText(t('common.moreInfomation.success')).first().waitFor();
    await more.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => localStorage.getItem('moreInfomation')), null);

    let menu = await openMenu(page);
    await menu.getByText('Ann Example').waitFor();
    await menu.locator('[data-badge=level]', { hasText: 'Lv1 Newcomer' }).waitFor();
    await menu.getByText(t('common.user.upsell')).waitFor();
    assert.equal(await menu.getByTestId('money-balance').getByText('$0.00').count(), 1);
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-en-05-user-menu');
    await page.keyboard.press('Escape');
    await logOut(page, t);

    // Log in again by email.
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
    await box.getByRole('radio', { name: t('common.login.type.email') }).click();
    await box.getByPlaceholder(t('common.login.emailPlaceholder')).fill(email);
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill('ann-first-2026');
    await submit(page).click();
    await page.getByTestId('user-menu').waitFor();

    // The profile page from the slug shows the member's card.
    menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: t('common.user.profile') }).click();
    await page.waitForURL(/\/en\/profile\/[^/]+-\d+$/);
    const card = page.getByTestId('own-profile');
    await card.getByRole('heading', { name: 'Ann Example' }).waitFor();
    await card.getByText('Collects vintage maps.').waitFor();
    await card.locator('[data-badge=level]').waitFor();
    await screenshot(page, 'accounts-en-06-profile');
    await logOut(page, t);

    // Forget, then repass: a second code for the same email waits for the server's minute.
    await sleep(Math.max(0, signupCodeAt + CODE_RESEND_MS + 500 - Date.now()));
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
    await box.getByRole('button', { name: t('common.login.forget') }).click();
    await box.locator('form[data-action=forget]').waitFor();
    await box.getByRole('radio', { name: t('common.login.type.email') }).click();
    await box.getByPlaceholder(t('common.login.emailPlaceholder')).fill(email);
    await solveCaptcha(page, t, () => box.getByTestId('get-code').click());
    await box.getByPlaceholder(t('common.login.codePlaceholder')).fill(await codeFor(email, 'reset'));
    await screenshot(page, 'accounts-en-07-forget');
    await submit(page).click();
    await box.locator('form[data-action=repass]').waitFor();
    await box.getByPlaceholder(t('common.login.newPassword'), { exact: true }).fill('ann-second-2026');
    await box.getByPlaceholder(t('common.login.confirmPassword')).fill('ann-second-2025');
    await submit(page).click();
    await page.getByText(t('common.login.error.passwordNotMatch')).first().waitFor();
    await box.getByPlaceholder(t('common.login.confirmPassword')).fill('ann-second-2026');
    await submit(page).click();
    await box.locator('form[data-action=login]').getByRole('status').getByText(t('common.login.resetPasswordSuccess')).waitFor();
    await screenshot(page, 'accounts-en-08-reset-done');

    await box.getByRole('radio', { name: t('common.login.type.email') }).click();
    await box.getByPlaceholder(t('common.login.emailPlaceholder')).fill(email);
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill('ann-second-2026');
    await submit(page).click();
    menu = await openMenu(page);
    await menu.getByText('Ann Example').waitFor();
    await menu.locator('[data-badge=level]').waitFor();
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-en-09-menu-after-reset');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('zh-hans: phone sign-up with a dial code, log in by phone with the captcha after three failures', async () => {
    const t = zh;
    const { context, page, errors } = await openPage({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      isMobile: true,
      hasTouch: true,
      colorScheme: 'dark',
    });
    const number = `139${String(Date.now()).slice(-8)}`;
    const phone = `+86${number}`;
    await page.goto(site.url);
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
    const box = loginBox(page);
    await box.getByRole('button', { name: t('common.login.signup'), exact: true }).click();
    await box.locator('form[data-action=signup]').waitFor();

    await box.getByTestId('dial-code').click();
    await page.getByPlaceholder(t('common.login.searchCountry')).fill('中国');
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-zh-01-dial-codes');
    await page.getByRole('option').filter({ hasText: '+86' }).first().click();
    assert.match(await box.getByTestId('dial-code').innerText(), /\+86/);
    await box.getByPlaceholder(t('common.login.phonePlaceholder')).fill(number);

    await solveCaptcha(page, t, () => box.getByTestId('get-code').click(), { wrongFirst: true });
    await box.getByTestId('get-code').filter({ hasText: /\d+ 秒后重发/ }).waitFor();
    await box.getByPlaceholder(t('common.login.codePlaceholder')).fill(await codeFor(phone, 'signup'));
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill('ming-2026');
    await box.getByRole('checkbox').check();
    await screenshot(page, 'accounts-zh-02-signup-filled');
    await submit(page).click();

    const more = page.getByRole('dialog', { name: t('common.moreInfomation.title') });
    await more.waitFor();
    await more.getByLabel(t('common.moreInfomation.name')).fill('小明');
    await more.getByText(t('common.moreInfomation.genders.male'), { exact: true }).click();
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-zh-03-more-information');
    await more.getByRole('button', { name: t('common.moreInfomation.save') }).click();
    await page.getByText(t('common.moreInfomation.success')).first().waitFor();
    await more.waitFor({ state: 'detached' });
    await logOut(page, t);

    // Three wrong passwords; the next login asks for the captcha first.
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
    await box.getByPlaceholder(t('common.login.phonePlaceholder')).fill(number);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill(`wrong-${attempt}`);
      const answered = page.waitForResponse((r) => r.request().postDataJSON()?.action === 'auth.login');
      await submit(page).click();
      assert.equal((await answered).status(), 400);
    }
    await page.getByText(t('common.login.error.invalidCredentials')).first().waitFor();
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill('ming-2026');
    await solveCaptcha(page, t, () => submit(page).click());
    await page.getByTestId('user-menu').waitFor();
    const menu = await openMenu(page);
    await menu.getByText('小明').waitFor();
    await menu.locator('[data-badge=level]').waitFor();
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-zh-04-user-menu');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('en: a VIP member sees VIP and level badges, and the level tips', async () => {
    const t = en;
    const { context, page, errors } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/en`);
    await page.locator('header').getByRole('button', { name: t('common.header.login') }).click();
    const box = loginBox(page);
    await box.getByRole('radio', { name: t('common.login.type.email') }).click();
    await box.getByPlaceholder(t('common.login.emailPlaceholder')).fill('vip@souk.dev');
    await box.getByPlaceholder(t('common.login.password'), { exact: true }).fill('souk-vip-2026');
    await submit(page).click();
    const menu = await openMenu(page);
    await menu.locator('[data-badge=vip] img').waitFor();
    await menu.locator('[data-badge=level] img').waitFor();
    assert.equal(await menu.getByText(t('common.user.upsell')).count(), 0);
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-en-vip-menu');
    await menu.getByRole('menuitem', { name: t('common.userMenu.levelTips') }).click();
    const tips = page.getByRole('dialog', { name: t('common.levelTips.title') });
    await tips.getByText(t('common.levelTips.levels')).waitFor();
    await tips.locator('li[aria-current]').first().waitFor();
    await page.waitForTimeout(200);
    await screenshot(page, 'accounts-en-vip-level-tips');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('phone: every account tab is on screen, Wallet and Membership included', async () => {
    const t = en;
    const { context, page, errors } = await openPage(MOBILE);
    await page.goto(`${site.url}/en`);
    assert.ok(await apiLogin(page, DEMO_USERS.member), 'the member logs in');
    await page.goto(`${site.url}/en/account`);
    const nav = page.getByRole('navigation', { name: t('page.account.title') });
    await nav.getByRole('link', { name: t('page.account.nav.membership') }).waitFor();
    const width = page.viewportSize().width;
    for (const key of ['overview', 'notification', 'ticket', 'wealth', 'membership']) {
      const box = await nav.getByRole('link', { name: t(`page.account.nav.${key}`) }).boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= width, `the ${key} tab is within the ${width} px screen (${box.x}+${box.width})`);
    }
    await screenshot(page, 'accounts-en-mobile-tabs');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
