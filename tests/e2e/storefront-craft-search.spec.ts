import { expect, test } from "./test.ts";

// The craft's own name, in any spelling, finds every piece of the seeded catalogue (50), from
// the header's search box, with JavaScript on and off.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("searching dokra, dhokra or another spelling of the craft finds every piece", async ({ page }) => {
  for (const word of ["dhokra", "dokra", "Dokras", "dhokhra"]) {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search pieces" });
    await box.fill(word);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
    await expect(page.getByText(/^\d+ pieces$/), word).toHaveText("50 pieces");
  }
  // With another word, that word decides.
  await page.goto("/search?q=dhokra+owl");
  await expect(page.getByText(/^\d+ pieces?$/)).not.toHaveText("50 pieces");
});
