import { expect, test } from "./test.ts";

// On a phone (390×844), the parts only JavaScript gives: swiping the lightbox
// (without JS its links are plain page loads) and the slider's arrow buttons.

test.use({ viewport: { width: 390, height: 844 } });

test("with JS the lightbox moves by swipe and never waits on the server", async ({ page }) => {
  await page.goto("/gallery?image=3");
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
  });
  const box = (await page.getByTestId("lightbox").boundingBox())!;
  const swipe = async (from: number, to: number) => {
    await page.mouse.move(from, box.height / 3);
    await page.mouse.down();
    await page.mouse.move(to, box.height / 3 + 10, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(300, 80); // to the left: the next picture
  await expect(page.getByTestId("lightbox-counter")).toHaveText("4 / 12");
  await swipe(80, 300); // to the right: back
  await expect(page.getByTestId("lightbox-counter")).toHaveText("3 / 12");
  await page.getByRole("link", { name: "Next picture" }).click();
  await expect(page.getByTestId("lightbox-counter")).toHaveText("4 / 12");
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  expect(dataRequests).toEqual([]);
});

test("on a phone the slide title stays clear of the arrow buttons", async ({ page }) => {
  await page.goto("/");
  const slider = page.getByTestId("slider");
  const title = (await slider.getByTestId("slide").first().getByRole("heading").boundingBox())!;
  for (const name of ["Previous slide", "Next slide"]) {
    const arrow = (await slider.getByRole("button", { name }).boundingBox())!;
    const overlaps = title.x < arrow.x + arrow.width && arrow.x < title.x + title.width && title.y < arrow.y + arrow.height && arrow.y < title.y + title.height;
    expect(overlaps, name).toBe(false);
  }
});
