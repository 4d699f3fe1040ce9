import type { Locator, Page } from 'playwright-core';

/**
 * A table row's control by its text: shown in the row, or under the row's 更多 (the resource
 * tables show at most three controls, resources/RowControls.tsx), opened when needed; choosing an
 * item closes it again. Waits until the control is offered in either place (after a toggle the row
 * changes a moment later).
 */
export async function rowControl(page: Page, row: Locator, name: string, timeout = 15_000): Promise<Locator> {
  const inRow = row.getByRole('button', { name, exact: true });
  const more = row.getByRole('button', { name: '更多', exact: true });
  const open = page.getByTestId('row-more').filter({ visible: true });
  const item = open.getByRole('button', { name, exact: true });
  const until = Date.now() + timeout;
  for (;;) {
    if (await inRow.count()) return inRow;
    // A dropdown closing after the last choice is still visible during its leave motion, already
    // showing the row's new controls: wait until it is gone and open it afresh.
    if ((await item.count()) && !(await closing(open))) return item;
    if ((await open.count()) === 0 && (await more.count())) await more.click();
    if (Date.now() > until) throw new Error(`the row offers no ${name}`);
    await page.waitForTimeout(100);
  }
}

async function closing(open: Locator): Promise<boolean> {
  return open
    .first()
    .evaluate((el) => /-leave/.test(el.closest('.ant-dropdown')?.className ?? ''))
    .catch(() => true);
}

/** Wait until the row offers the control (in the row or under 更多), leaving 更多 closed. */
export async function rowOffers(page: Page, row: Locator, name: string): Promise<void> {
  await rowControl(page, row, name);
  const open = page.getByTestId('row-more').filter({ visible: true });
  if (await open.count()) {
    await row.getByRole('button', { name: '更多', exact: true }).click();
    await open.waitFor({ state: 'detached' });
  }
}

/** Whether the row offers the control at all, in the row or under 更多 (opened and closed again to look). */
export async function rowHas(page: Page, row: Locator, name: string): Promise<boolean> {
  if (await row.getByRole('button', { name, exact: true }).count()) return true;
  const more = row.getByRole('button', { name: '更多', exact: true });
  if (!(await more.count())) return false;
  await more.click();
  const open = page.getByTestId('row-more').filter({ visible: true });
  await open.waitFor();
  const found = (await open.getByRole('button', { name, exact: true }).count()) > 0;
  await more.click();
  await open.waitFor({ state: 'detached' });
  return found;
}
