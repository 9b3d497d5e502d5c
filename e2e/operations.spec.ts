import { readFileSync } from "node:fs";
import { BILLED, expect, test } from "./support/test";
import { recordActionAnswers } from "./support/actions";
import { MASTER, SANDBOX, signedInAs, signInAsDemo } from "./support/auth";
import { CONSOLE_LOG_FILE } from "./support/ports";
import { withConsoleStore } from "./support/store";

test.describe("VDI catalogue and translation", () => {
  signedInAs(test, MASTER);

  test("browses the catalogue in pages and finds one code", async ({ page }) => {
    await page.getByRole("link", { name: "VDI and translation" }).click();
    await page.getByRole("button", { name: "Browse the catalogue" }).click();
    const catalogue = page.getByTestId("vdi-catalogue");
    await expect(catalogue).toContainText(/Stand .* entries in \d+ main groups · page 1/);
    await expect(catalogue.getByRole("row").nth(1)).toContainText("VDI4081_1010");
    await catalogue.getByRole("link", { name: "Next" }).click();
    await expect(catalogue).toContainText("page 2");
    await expect(page.getByTestId("receipt")).toContainText(BILLED);

    await page.getByLabel("VDI base code").fill("vdi4081_1020");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByTestId("vdi-found")).toContainText("VDI4081_1020: Engine component 2");
    await page.getByLabel("VDI base code").fill("1020");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText("Enter a base code such as VDI4081_120")).toBeVisible();
    await expect(page.getByLabel("VDI base code")).toHaveValue("1020");
    await expect(page.getByTestId("receipt")).toHaveCount(0);
  });

  test("translates one designation; a sentence is refused next to its field", async ({ page }) => {
    await page.goto("/catalogue");
    const form = page.getByRole("form", { name: "Translate a part designation" });
    await form.getByLabel("Part designation").fill("Bremsscheibe");
    await form.getByRole("button", { name: "Translate" }).click();
    await expect(page.getByTestId("translation")).toContainText("Brake disc");
    await form.getByLabel("Part designation").fill("Die Bremsscheibe ist kaputt.");
    await form.getByRole("button", { name: "Translate" }).click();
    await expect(form.getByLabel("Part designation")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("not a title, sentence or list")).toBeVisible();
    await expect(form.getByLabel("Part designation")).toHaveValue("Die Bremsscheibe ist kaputt.");
    await form.getByLabel("Part designation").fill("Schraubenzieher");
    await form.getByRole("button", { name: "Translate" }).click();
    await expect(page.getByText("(translation_not_found)")).toBeVisible();
  });
});

test.describe("recalls", () => {
  signedInAs(test, MASTER);

  test("matches a vehicle series and parts per position, with register versions", async ({
    page,
  }) => {
    await page.getByRole("link", { name: "Recalls" }).click();
    await page.getByLabel("Full VIN").fill("WVWZZZ1KZ8W000001");
    await page.getByRole("button", { name: "Match recalls" }).click();
    await expect(page.getByTestId("vehicle-recalls")).toContainText("match level series");
    await expect(page.getByTestId("data-versions")).toContainText("kba 2026-11-15");

    await page.getByLabel("OE numbers, one per line").fill("1K0 615 301 AA\n\nNOPE-1\n");
    await page.getByRole("button", { name: "Match positions" }).click();
    const table = page.getByRole("table", { name: "Recalls per position" });
    await expect(table.getByRole("row").nth(1)).toContainText("1K0615301AA");
    await expect(table.getByRole("row").nth(2)).toContainText("no match");
    await expect(page.getByTestId("receipt").last()).toContainText(BILLED);
  });

  test("bad input stays in its field with the message", async ({ page }) => {
    await page.goto("/recalls");
    await page.getByLabel("Full VIN").fill("WVWZZZ1KZ8W00000");
    await page.getByRole("button", { name: "Match recalls" }).click();
    await expect(page.getByLabel("Full VIN")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full VIN")).toHaveValue("WVWZZZ1KZ8W00000");
    await page.getByLabel("OE numbers, one per line").fill("   ");
    await page.getByRole("button", { name: "Match positions" }).click();
    const positions = page.getByLabel("OE numbers, one per line");
    await expect(positions).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Type at least one OE number, one per line.")).toBeVisible();
    await expect(page.getByText(/Too small|expected array/)).toHaveCount(0);
    await expect(positions).toHaveValue("   ");
    await page.goto("/recalls?vin=XXXZZZ1KZ8W000001");
    await expect(page.getByText("(recall_match_not_found)")).toBeVisible();
  });
});

test.describe("the vehicle workspace", () => {
  signedInAs(test, MASTER);

  test("shows the record, recalls, orders followed in place and listing text", async ({ page }) => {
    await page.getByRole("link", { name: "Vehicles" }).click();
    await page.getByLabel("Full VIN").fill("WVWZZZ1KZ8W000202");
    await page.getByRole("button", { name: "Open", exact: true }).first().click();
    const record = page.getByTestId("vehicle-record");
    await expect(record).toContainText("Volkswagen");
    await expect(record.getByRole("table", { name: "Equipment" })).toBeVisible();
    await expect(page.getByTestId("vehicle-recalls")).toBeVisible();

    // Parts as a job: it joins the page and is followed until it is final, without leaving.
    await page.getByRole("button", { name: "Look up parts" }).click();
    const job = page.getByTestId("vehicle-job").first();
    await expect(job).toContainText("VIN parts lookup");
    await expect(job.getByTestId("job-status")).toHaveText("succeeded", { timeout: 20_000 });
    await expect(job.getByTestId("parts-result")).toBeVisible();
    await expect(job.getByTestId("receipt")).toContainText(BILLED);
    await expect(page).toHaveURL(/\/vehicles\?vin=WVWZZZ1KZ8W000202/);

    await page.getByRole("radio", { name: "Cart check" }).check();
    await page.getByLabel("OE numbers, one per line (1 to 30)").fill("1K0 615 301 AA");
    await page.getByRole("button", { name: "Check the cart" }).click();
    await expect(page.getByTestId("vehicle-job").first()).toContainText("Cart check");

    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("button", { name: "Write listing text" }).click();
    const listing = page.getByTestId("listing-result");
    await expect(listing).toContainText("Volkswagen");
    await expect(listing.getByTestId("receipt")).toContainText(BILLED);
  });

  test("speaks of the record in words: its tables under headings, its data source, its evaluation in euros", async ({
    page,
  }) => {
    await page.goto("/vehicles?vin=WVWZZZ1KZ8W000001");
    const record = page.getByTestId("vehicle-record");
    await expect(record.getByRole("heading", { name: "Equipment" })).toBeVisible();
    await expect(record.getByRole("heading", { name: "Colours" })).toBeVisible();
    const equipment = record.getByRole("table", { name: "Equipment" });
    await expect(equipment.getByRole("columnheader")).toHaveText([
      "Manufacturer's code",
      "What it is",
    ]);
    await expect(
      record.getByRole("table", { name: "Colours" }).getByRole("columnheader"),
    ).toHaveText(["Manufacturer's code", "Name"]);
    await expect(page.getByTestId("vin-provider")).toContainText(
      "is the provider that identified this VIN",
    );

    await page.goto("/jobs/new?kind=economic_evaluation&vin=WVWZZZ1KZ8W000001");
    await page.getByLabel("Cost per part in euros (0 to 1,000)").fill("8");
    await page.getByLabel("Recovery rate (0.05 to 1)").fill("0.5");
    await page.getByRole("button", { name: "Evaluate" }).click();
    const assumptions = page.getByTestId("evaluation-assumptions");
    await expect(assumptions).toContainText("€8.00 cost per part");
    await expect(assumptions).toContainText("50 percent of the price recovered");
    await expect(assumptions).not.toContainText("Minor");
  });

  test("a VIN whose check digit is wrong is the VIN field's error, said once", async ({ page }) => {
    await page.goto("/vehicles");
    await page.getByLabel("Full VIN").fill("1HGCM82623A004352");
    await page.getByRole("button", { name: "Open", exact: true }).first().click();
    const vin = page.getByLabel("Full VIN");
    await expect(vin).toHaveAttribute("aria-invalid", "true");
    await expect(vin).toHaveValue("1HGCM82623A004352");
    await expect(page.getByText(/The check digit of this VIN/)).toHaveCount(1);
    await expect(page.getByText("Documented outcome")).toHaveCount(0);
    await expect(page.getByTestId("vehicle-record")).toHaveCount(0);
  });

  test("explains an incomplete record and opens a vehicle type by svcId", async ({ page }) => {
    await page.goto("/vehicles?vin=WVWZZZ1KZ8W000007");
    await expect(page.getByText("Not one vehicle: the record is incomplete")).toBeVisible();
    const svcId = (await page.getByTestId("vehicle-record").locator("code").nth(1).textContent())!;
    await page.goto(`/vehicles?svcId=${encodeURIComponent(svcId.trim())}`);
    await expect(page.getByTestId("technical-record")).toBeVisible();
    await expect(page.getByRole("form", { name: "Listing text" })).toBeVisible();
    await page.goto("/vehicles?svcId=svc_unknown_0000");
    await expect(page.getByText("(vehicle_not_found)")).toBeVisible();
    await page.goto("/vehicles?vin=WVWZZZ1KZ8W000404");
    await expect(page.getByText("(vin_not_found)")).toBeVisible();
    await expect(page.getByRole("button", { name: "Look up parts" })).toHaveCount(0);
  });
});

/** Every row of every table of the console's store, as text. */
async function wholeStore(): Promise<string> {
  return withConsoleStore(async (c) => {
    const tables = await c.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    let text = "";
    for (const { name } of tables.rows) {
      const rows = await c.query(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
      text += rows.rows.map((r: { row: string }) => r.row).join("\n");
    }
    return text;
  });
}

test.describe("scanner, intake and vision", () => {
  signedInAs(test, MASTER);

  test("reads documents and labels; personal documents are not stored, cached or logged", async ({
    page,
  }) => {
    const answers = await recordActionAnswers(page, (url) => url.pathname === "/scanner");
    await page.getByRole("link", { name: "Scanner" }).click();
    const form = page.getByRole("form", { name: "Scanner" });
    await form.getByLabel("Document address (fileUrl)").fill("not an address");
    await form.getByRole("button", { name: "Read" }).click();
    await expect(form.getByText("Enter an absolute http or https address.")).toBeVisible();
    await expect(form.getByLabel("Document address (fileUrl)")).toHaveValue("not an address");

    await form.getByLabel("Document address (fileUrl)").fill("https://files.example/reg-1.pdf");
    await form.getByRole("button", { name: "Read" }).click();
    await expect(page.getByTestId("scan-vin")).toContainText("(read from data.vehicle.vin)");
    // The vehicle first, without its holder; the holder stays in the full answer below.
    const vehicle = page.getByTestId("registration-vehicle");
    await expect(vehicle).toContainText("Volkswagen Golf");
    await expect(vehicle).toContainText("First registration");
    await expect(vehicle).toContainText("14/03/2019");
    await expect(vehicle).not.toContainText("Mustermann");
    await expect(page.getByTestId("scan-result")).toContainText("Erika Mustermann");

    await form.getByLabel("What to read").selectOption("vehicle_document");
    await form.getByLabel("Document address (fileUrl)").fill("https://files.example/coc-7.pdf");
    await form.getByRole("button", { name: "Read" }).click();
    const warnings = page.getByTestId("scan-warnings");
    await expect(warnings).toContainText("Personal data on the document");
    await expect(warnings.locator("[data-code-small-print]")).toHaveText(
      "(sensitive_data_omitted)",
    );
    await expect(warnings).not.toContainText("{");
    await form.getByLabel(/Include sensitive data/).check();
    await form.getByRole("button", { name: "Read" }).click();
    await expect(page.getByTestId("scan-result")).toContainText("Beispielweg 1");

    await form.getByLabel("What to read").selectOption("vin_image");
    await form.getByLabel("Image address (imageUrl)").fill("https://files.example/novin.jpg");
    await form.getByRole("button", { name: "Read" }).click();
    await expect(page.getByTestId("scan-vin")).toContainText("No readable VIN");
    await form.getByLabel("What to read").selectOption("label_all");
    await form.getByLabel("Image address (imageUrl)").fill("https://files.example/blank.jpg");
    await form.getByRole("button", { name: "Read" }).click();
    await expect(page.getByTestId("scan-label")).toContainText("not detected");
    await expect(page.getByTestId("receipt")).toContainText(BILLED);

    await page.goto("/vehicles/intake");
    await page.getByLabel("Registration document address").fill("https://files.example/in-3.pdf");
    await page.getByLabel(/keeper/).check();
    await page.getByRole("button", { name: "Read the document" }).click();
    await expect(page.getByTestId("intake-result")).toContainText("Erika Mustermann");
    await expect(page.getByRole("link", { name: "open the vehicle workspace" })).toBeVisible();

    // Never cached by the browser: the page and every answer carrying the documents say no-store.
    const response = await page.request.get("/scanner");
    expect(response.headers()["cache-control"]).toContain("no-store");
    expect(answers.length).toBeGreaterThan(3);
    for (const a of answers) expect(a.headers["cache-control"]).toContain("no-store");
    // Never stored: no table of the console's store, and no log line, holds the documents' data.
    const store = await wholeStore();
    const log = readFileSync(CONSOLE_LOG_FILE, "utf8");
    expect(store).toContain("extractVehicleDocument");
    expect(log).toContain('"operationId":"extractVehicleDocument"');
    for (const personal of ["Mustermann", "Beispielweg", "files.example"]) {
      expect(store).not.toContain(personal);
      expect(log).not.toContain(personal);
    }
  });

  test("runs vision operations with images, limitations and the licence-plate caveat", async ({
    page,
  }) => {
    await page.getByRole("link", { name: "Vision" }).click();
    const form = page.getByRole("form", { name: "Vision" });
    await form.getByLabel("Operation").selectOption("removeVehicleBackground");
    await form.getByLabel("Image address").fill("https://files.example/car-1.jpg");
    await form.getByRole("button", { name: "Run" }).click();
    const result = page.getByTestId("vision-result");
    // The image sent beside the finding; the answer's image captioned by what it shows.
    await expect(result.getByRole("img", { name: "The image sent" })).toHaveAttribute(
      "src",
      "https://files.example/car-1.jpg",
    );
    await expect(
      result.getByRole("img", { name: "The vehicle without its background" }),
    ).toBeVisible();
    await expect(page.getByTestId("vision-finding")).toContainText(
      "the vehicle covers 71 percent of the image",
    );
    await expect(result.locator("figcaption")).not.toContainText(["imageUrl"]);
    await expect(page.getByTestId("vision-limitations")).toContainText("not an inspection");

    await form.getByLabel("Image address").fill("https://files.example/empty-lot.jpg");
    await form.getByRole("button", { name: "Run" }).click();
    await expect(page.getByTestId("vision-finding")).toContainText(
      "No vehicle was found in the image",
    );

    await form.getByLabel("Operation").selectOption("readLicensePlate");
    await expect(form.getByText("no keeper lookup")).toBeVisible();
    await form.getByRole("button", { name: "Run" }).click();
    await expect(result.getByText("What this answer is not")).toBeVisible();
    await expect(result).toContainText("K AB");

    await form.getByLabel("Operation").selectOption("redactIdentifiers");
    await expect(form.getByText("can take up to 300 s")).toBeVisible();
    await form.getByRole("button", { name: "Run" }).click();
    await expect(
      result.getByRole("img", { name: "The image with its identifiers covered" }),
    ).toBeVisible();
    await expect(page.getByTestId("vision-finding")).toContainText(
      "Covered: licence plate, vin plate.",
    );

    // The finding first: damages with their places, and the grade itself.
    await form.getByLabel("Operation").selectOption("describeDamage");
    await form.getByRole("button", { name: "Run" }).click();
    await expect(page.getByTestId("vision-finding")).toContainText(
      /Dent on the (front bumper|left door|bonnet)/,
    );
    await form.getByLabel("Operation").selectOption("gradePartQuality");
    await form.getByRole("button", { name: "Run" }).click();
    await expect(page.getByTestId("vision-finding")).toContainText(/Quality grade [ABC]/);
    await form.getByLabel("Operation").selectOption("transferPartDamage");
    await form.getByRole("button", { name: "Run" }).click();
    await expect(
      result.getByRole("img", { name: "The damage shown on the front view" }),
    ).toBeVisible();

    await form.getByLabel("Operation").selectOption("classifyEndOfLifeVehicle");
    await form.getByLabel("VIN (optional)").fill("WVWZZZ1KZ8W00000");
    await form.getByRole("button", { name: "Run" }).click();
    await expect(form.getByLabel("VIN (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("VIN (optional)")).toHaveValue("WVWZZZ1KZ8W00000");

    await page.getByRole("textbox", { name: "OE number" }).fill("03L 115 562");
    await page.getByRole("button", { name: "Generate images" }).click();
    await expect(page).toHaveURL(/\/jobs\//);
    await expect(page.getByTestId("job-status")).toHaveText("succeeded");
    await expect(page.getByTestId("receipt")).toContainText(BILLED);
  });
});

test.describe("with a sandbox key", () => {
  test("the national registration answer has the sandbox's documented shape", async ({ page }) => {
    await signInAsDemo(page, SANDBOX);
    await page.goto("/scanner");
    await page.getByLabel("Document address (fileUrl)").fill("https://files.example/reg-1.pdf");
    await page.getByRole("button", { name: "Read" }).click();
    await expect(page.getByTestId("scan-vin")).toContainText("vehicle.vin (sandbox shape)");
  });
});
