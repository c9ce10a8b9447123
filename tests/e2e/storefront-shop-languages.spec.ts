import { expect, test } from "./test.ts";

// The listings, search, enquiry list, contact and commission pages in Bengali and Hindi, with
// JavaScript on and off: their words, <html lang>, links and form posts that stay in the
// language, and refusals shown in it.

test("a Bengali listing: filters, cards and the enquiry heart stay in Bengali, and so does the enquiry list", async ({ page, javaScriptEnabled }) => {
  // Nine steps over three pages, each (JavaScript on) until hydrated: over a minute on a busy machine.
  test.slow();
  await page.goto("/bn/product/wall-hanging");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("দেওয়ালে ঝোলানোর জিনিস");
  await expect(page).toHaveTitle(/^দেওয়ালে ঝোলানোর জিনিস/);
  await expect(page.getByTestId("sort-links")).toContainText("সাজান:");
  const titles = await page.getByTestId("card-title").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(titles.length).toBeGreaterThan(0);
  for (const href of titles) expect(href).toMatch(/^\/bn\/product\/wall-hanging\/\d+$/);
  await expect(page.getByTestId("product-card").first().getByRole("link", { name: /^দেখুন: / })).toHaveText("দেখুন");

  const below = page.getByRole("navigation", { name: "দাম" }).getByRole("link", { name: "₹5,000-এর কম" });
  await expect(below).toHaveAttribute("href", "/bn/product/wall-hanging?price=below-5000");
  await page.getByRole("navigation", { name: "সাজানো" }).getByRole("link", { name: "দাম: কম থেকে বেশি" }).click();
  await expect(page).toHaveURL(/\/bn\/product\/wall-hanging\?sort=price-asc$/);

  // The heart posts to the Bengali /enquiry and comes back here. The piece is read from the card
  // whose heart is pressed: with JavaScript the sorted list may still be arriving at the tap.
  await page.getByTestId("product-card").first().getByTestId("enquiry-heart").click();
  const card = page.getByTestId("product-card").filter({ has: page.locator('[data-testid="enquiry-heart"][aria-pressed="true"]') });
  await expect(card).toHaveCount(1);
  const name = (await card.getByTestId("card-title").textContent())!;
  await expect(page.getByTestId("enquiry-link")).toHaveAccessibleName("পছন্দের তালিকা (1)");
  await expect(page).toHaveURL(new RegExp(`/bn/product/wall-hanging\\?sort=price-asc${javaScriptEnabled ? "" : "#piece-\\d+"}$`));

  await page.getByTestId("enquiry-link").click();
  await expect(page).toHaveURL(/\/bn\/enquiry$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("আপনার পছন্দের তালিকা");
  await expect(page).toHaveTitle(/^আপনার পছন্দের তালিকা/);
  await expect(page.getByTestId("enquiry-name")).toHaveAttribute("href", /^\/bn\/product\/wall-hanging\/\d+$/);
  await expect(page.getByText("মোট:")).toBeVisible();
  await expect(page.getByTestId("enquiry-whatsapp")).toContainText("হোয়াটসঅ্যাপে তালিকা পাঠান");
  await page.getByRole("button", { name: `সরান: ${name.trim()}` }).click();
  await expect(page.getByTestId("enquiry-empty")).toContainText("আপনার পছন্দের তালিকা এখন খালি।");
  await expect(page).toHaveURL(/\/bn\/enquiry$/);
  await expect(page.getByRole("link", { name: "উপহারের সংগ্রহ দেখুন" })).toHaveAttribute("href", "/bn/product/trending");
});

test("a Hindi search: results, counts and links in Hindi; an empty box and no match say so in Hindi", async ({ page }) => {
  await page.goto("/hi/search?q=owl");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("‘owl’ के नतीजे");
  await expect(page).toHaveTitle(/^खोज: owl/);
  await expect(page.getByTestId("search-count")).toHaveText(/^\d+ पीस$/);
  for (const href of await page.getByTestId("card-title").evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/hi\/product\/[\w-]+\/\d+$/);
  }
  await expect(page.getByRole("navigation", { name: "दाम" }).getByRole("link", { name: "सभी" })).toHaveAttribute("href", "/hi/search?q=owl");

  await page.goto("/hi/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("खोजें");
  await expect(page.getByTestId("search-problem")).toHaveText("क्या खोजना है लिखें, जैसे उल्लू, गणेश या दीया।");
  const categories = page.getByRole("navigation", { name: "श्रेणियाँ देखें" });
  await expect(categories.getByRole("link", { name: "दीवार पर टाँगने का सामान" })).toHaveAttribute("href", "/hi/product/wall-hanging");

  await page.goto("/hi/search?q=qxzqxzqxz");
  await expect(page.getByTestId("search-empty")).toContainText("‘qxzqxzqxz’ खोजने पर कुछ नहीं मिला।");
  await expect(page.getByTestId("search-empty")).toContainText("इसके बजाय श्रेणियाँ देखें:");
});

test("the Bengali contact form: labels and refusals in Bengali, and the thank-you stays on the Bengali page", async ({ page }) => {
  await page.goto("/bn/contact");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("যোগাযোগ করুন");
  await expect(page).toHaveTitle(/^যোগাযোগ করুন/);
  await page.getByRole("button", { name: "পাঠান" }).click();
  const errors = page.getByTestId("field-error");
  await expect(errors).toHaveText(["নাম: এটা পূরণ করতে হবে", "ইমেল: এটা পূরণ করতে হবে", "বিষয়: এটা পূরণ করতে হবে", "আপনার কথা: এটা পূরণ করতে হবে"]);
  await expect(page).toHaveURL(/\/bn\/contact$/);
  await page.getByLabel("নাম", { exact: true }).fill("রিতা সেন");
  await page.getByLabel("ইমেল", { exact: true }).fill("not-an-email");
  await page.getByLabel("বিষয়", { exact: true }).fill("পেঁচার জোড়া");
  await page.getByRole("button", { name: "পাঠান" }).click();
  await expect(errors).toHaveText(["ইমেল: একটা সঠিক ইমেল ঠিকানা লিখুন", "আপনার কথা: এটা পূরণ করতে হবে"]);
  await expect(page.getByTestId("error-summary")).toContainText("লাল দাগ দেওয়া ঘরগুলো ঠিক করে দিন:");
  await expect(page.getByTestId("error-summary").getByRole("link")).toHaveText(["ইমেল", "আপনার কথা"]);
  await expect(page.getByLabel("নাম", { exact: true })).toHaveValue("রিতা সেন");

  await page.getByLabel("ইমেল", { exact: true }).fill("rita@example.com");
  await page.getByLabel("আপনার কথা", { exact: true }).fill("বড় পেঁচা দুটো পাওয়া যাবে?");
  await page.getByRole("button", { name: "পাঠান" }).click();
  await expect(page).toHaveURL(/\/bn\/contact\?sent=1/);
  await expect(page.getByTestId("contact-success")).toContainText("ধন্যবাদ!");
  await expect(page.getByTestId("contact-success")).toContainText("আপনার লেখা আমাদের কাছে পৌঁছে গেছে।");
});

test("the Hindi commission form: refusals in Hindi, and the thank-you on the Hindi page", async ({ page }) => {
  await page.goto("/hi/commission");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ऑर्डर पर बनवाएँ");
  await expect(page).toHaveTitle(/^ऑर्डर पर बनवाएँ/);
  await page.getByRole("button", { name: "अनुरोध भेजें" }).click();
  await expect(page.getByTestId("field-error")).toHaveText([
    "आप क्या बनवाना चाहते हैं: यह भरना ज़रूरी है",
    "आपका नाम: यह भरना ज़रूरी है",
    "व्हाट्सऐप नंबर: यह भरना ज़रूरी है",
  ]);
  await expect(page.getByTestId("error-summary")).toContainText("लाल निशान वाले खाने ठीक कर दें:");
  await expect(page.getByTestId("error-summary").getByRole("link")).toHaveText(["आप क्या बनवाना चाहते हैं?", "आपका नाम", "व्हाट्सऐप नंबर"]);
  await expect(page).toHaveURL(/\/hi\/commission$/);

  // A number of this run's own: requests are limited per number.
  const mobile = `9${Date.now().toString().slice(-9)}`;
  await page.getByLabel("आप क्या बनवाना चाहते हैं?").fill("दो उल्लू, लगभग 20 सेमी");
  // Typed in Devanagari digits, as a Hindi keyboard gives them: read as 2, not dropped.
  await page.getByLabel(/^कितने/).fill("२");
  await page.getByLabel("आपका नाम").fill("रीता");
  await page.getByLabel("व्हाट्सऐप नंबर").fill(mobile);
  await page.getByRole("button", { name: "अनुरोध भेजें" }).click();
  await expect(page).toHaveURL(/\/hi\/commission\?thanks=/);
  await expect(page.getByTestId("commission-thanks")).toContainText("आपका अनुरोध कारखाने तक पहुँच गया है।");
  await expect(page.getByRole("link", { name: "एक और अनुरोध भेजें" })).toHaveAttribute("href", "/hi/commission");
  // The message the buyer sends again on WhatsApp: in Hindi, labels and all.
  const message = new URL((await page.getByTestId("commission-whatsapp").getAttribute("href"))!).searchParams.get("text")!;
  expect(message.split("\n")).toEqual(["नमस्ते! मैं रीता हूँ। मुझे ऑर्डर पर एक पीस बनवाना है:", "डिज़ाइन: दो उल्लू, लगभग 20 सेमी", "नाप: —", "कितने: 2", "बजट: —", "कब तक चाहिए: —"]);
});
