import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signIn, snap } from './fixtures.ts';

test.describe('signing in and out', () => {
  test('a logged-out visit to /dashboard goes to login with the redirect, and back after signing in', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=(\/|%2F)dashboard$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    await expect(signInButton).toBeDisabled();
    await snap(page, 'login');

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await snap(page, 'dashboard');
  });

  test('the seeded admin sees the shell: sidebar with Admin Panel, profile popup with workspace', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin Panel' })).toBeVisible();

    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await snap(page, 'help-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const popup = page.getByRole('dialog', { name: 'Profile' });
    await expect(popup.getByText(E2E_ADMIN.email)).toBeVisible();
    await expect(popup.getByText(E2E_ADMIN.username, { exact: true }).first()).toBeVisible();
    await expect(popup.getByText('Your profile')).toBeVisible();
    await snap(page, 'profile-popup');

    await nav.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects/);
    await snap(page, 'projects-placeholder');
  });

  test('a wrong password shows the error and keeps the user on the login page', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, E2E_ADMIN.username, 'Not-the-password1');
    await expect(page.getByText('Invalid username or password').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await snap(page, 'login-wrong-password');
  });

  test('the reset mode shows its form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/login\/reset$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeEnabled();
    await snap(page, 'login-reset');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a redirect target that is not an in-app path (a tab before //host) signs in to the dashboard', async ({
    page,
  }) => {
    await page.goto('/login?redirect=/%09/evil.example');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('login-form-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByText('Sign out').click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing out ends the session', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const logout = page.waitForRequest((request) => request.url().endsWith('/app/auth/logout'));
    await page.getByText('Sign out').click();
    // A POST with the CSRF token: a cross-site link to the reference's GET signs nobody out.
    expect((await logout).method()).toBe('POST');
    expect((await logout).headers()['x-csrf-token']).toBeTruthy();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

test.describe('not-found page', () => {
  test('shows its texts to visitors, and a way back to the dashboard to signed-in users', async ({
    page,
  }) => {
    await page.goto('/no/such/place');
    await expect(page.getByText('Ooops, it seems the GPS has lost its way.')).toBeVisible();
    await expect(
      page.getByText('This page does not exist, check your url for mistakes, please.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toHaveCount(0);
    await snap(page, 'not-found-logged-out');

    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/place');
    await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
    await snap(page, 'not-found-signed-in');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
