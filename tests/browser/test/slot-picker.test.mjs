// The slot picker (ui://clinic-mcp/slot-picker) in headless Chromium, inside a test host page
// that speaks the ext-apps bridge with the SDK's AppBridge, backed by the real server over stdio
// and the stand-in API (issue 31). Every wait is on a condition; no sleep decides an outcome.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { api, launch, openView, startServer, startStandin, startStatic, target } from "../harness.mjs";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const ZONE = "America/New_York"; // clinic 1's zone: doctor 1 (Dr. Amelia Hart) works there
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];
const SLOT_TAKEN_WORDS = "this slot was just taken by someone else. Choose another time.";

let browser, stat;
const stacks = [];
before(async () => {
  [browser, stat] = await Promise.all([launch(), startStatic()]);
});
after(async () => {
  for (const s of stacks) { await s.client.close().catch(() => {}); await s.standin.close(); }
  await browser?.close();
  await stat?.close();
});

// The stand-in's clock for every test but the DST one: the next Monday, 00:00 UTC, so the first
// week shown is a whole week of slots whatever the day and hour the tests run.
const DAY = 86400000;
const MONDAY = (() => {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const weekday = new Date(today).getUTCDay();
  return new Date(today + ((8 - weekday) % 7 || 7) * DAY).toISOString().replace(/\.\d+Z$/, "Z");
})();
const WEEK = { doctor_id: 1, from: MONDAY, to: new Date(Date.parse(MONDAY) + 7 * DAY).toISOString(), limit: 40 };

/** A fresh stand-in and server per test: bookings of one test are not another's. */
async function stack(options = {}) {
  const standin = await startStandin({ now: MONDAY, ...options });
  const client = await startServer(standin);
  const s = { standin, client };
  stacks.push(s);
  return s;
}

/** `{ "HH:MM" local, offset minutes }` of an instant in `zone`, by the platform's tz data. */
function local(utc, zone) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit",
  }).formatToParts(new Date(utc)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
  return { time: `${parts.hour}:${parts.minute}`, date: `${parts.year}-${parts.month}-${parts.day}`,
    offset: Math.round((wall - Date.parse(utc)) / 60000) };
}

/** The next change of `zone`'s UTC offset after `from` (to the hour). */
function nextOffsetChange(zone, from) {
  let t = Math.floor(from / 3600000) * 3600000;
  const first = local(new Date(t).toISOString(), zone).offset;
  for (let i = 0; i < 24 * 400; i++, t += 3600000) {
    if (local(new Date(t).toISOString(), zone).offset !== first) return t;
  }
  throw new Error(`${zone} has no offset change within 400 days`);
}

/** The slot buttons as the view shows them. */
async function shownSlots(frame) {
  return frame.evaluate(() => [...document.querySelectorAll("#grid button.slot")].map((b) => ({
    id: Number(b.dataset.slot), text: b.textContent, time: b.firstChild.textContent,
    who: b.querySelector(".who").textContent, label: b.getAttribute("aria-label"), title: b.title,
    day: b.closest("td").cellIndex, tab: b.tabIndex,
  })));
}

const statusText = (frame) => frame.evaluate(() => document.getElementById("status").textContent);
async function waitStatus(frame, pattern) {
  await frame.waitForFunction((p) => new RegExp(p).test(document.getElementById("status").textContent),
    pattern.source);
  return statusText(frame);
}

describe("the slot picker in Chromium", () => {
  test("the week grid shows the stand-in's slots in the clinic's local time across a DST change", async () => {
    // the stand-in's clock three days before New York's next change of offset: its 14 days of
    // slots straddle it
    const change = nextOffsetChange(ZONE, Date.now() + 4 * DAY);
    const now = new Date(change - 3 * DAY).toISOString().replace(/\.\d+Z$/, "Z");
    const { client } = await stack({ now });
    const args = { doctor_id: 1, from: now, to: new Date(change + 10 * DAY).toISOString(), limit: 100 };
    const { page, frame } = await openView(browser, stat, client, { args });
    const served = await page.evaluate(() => window.__host.result.structuredContent.slots);
    const byId = new Map(served.map((s) => [s.slot_id, s]));
    const offsets = new Set(served.map((s) => local(s.start.utc, ZONE).offset));
    assert.equal(offsets.size, 2, `the window has both offsets of ${ZONE}: ${[...offsets]}`);

    const seen = new Set();
    for (let week = 0; week < 4; week++) {
      for (const b of await shownSlots(frame)) {
        const s = byId.get(b.id);
        assert.ok(s, `slot ${b.id} is one the server answered`);
        const want = local(s.start.utc, ZONE);
        assert.equal(b.time, want.time, `slot ${b.id} (${s.start.utc}) at ${want.time} ${ZONE}`);
        assert.match(b.time, /^(09|10|11):(00|30)$/, "the clinic's opening hours, 09:00-12:00 local");
        assert.equal(b.title, `${s.start.utc.slice(0, 10)} ${s.start.utc.slice(11, 16)} UTC`, "UTC on hover");
        const weekday = new Date(`${want.date}T00:00:00Z`).getUTCDay(); // 1 = Monday
        assert.equal(b.day, weekday, `slot ${b.id} in the column of ${want.date}`);
        const [y, m, d] = want.date.split("-").map(Number);
        const date = `${DAYS[weekday]} ${d} ${MONTHS[m - 1]} ${y}`;
        assert.ok(b.label.startsWith(`${want.time} ${s.doctor_name}, ${date}, ${ZONE}, `), b.label);
        seen.add(b.id);
      }
      const next = frame.locator("#next");
      if (await next.isDisabled()) break;
      const shown = await frame.locator("#week").textContent();
      await next.click();
      await frame.waitForFunction((w) => document.getElementById("week").textContent !== w, shown);
    }
    assert.deepEqual([...seen].sort((a, b) => a - b), [...byId.keys()].sort((a, b) => a - b),
      "every slot answered is shown in some week");
    assert.deepEqual(page.errors, []);
    // the resource declares no domain: the host's CSP for it allows no connection
    assert.deepEqual(await page.evaluate(() => window.__host.csp), { connectDomains: [], resourceDomains: [] });
  });

  test("a click books the slot, and the stand-in holds the booking", async () => {
    const { standin, client } = await stack();
    const { page, frame, view } = await openView(browser, stat, client, { args: WEEK });
    const [first] = await shownSlots(frame);
    await view.locator(`button.slot[data-slot="${first.id}"]`).click();
    const said = await waitStatus(frame, /^(Booked|The booking did not go through)/);
    assert.match(said, /^Booked\. Appointment number \d+\.$/);
    const appointment = Number(said.match(/\d+/)[0]);
    const mine = await api(standin, "GET", "/appointments/my?page=1&limit=100");
    assert.equal(mine.status, 200);
    const held = mine.body.data.find((a) => a.id === appointment);
    assert.ok(held, `appointment ${appointment} in ${JSON.stringify(mine.body)}`);
    assert.equal(held.slotId, first.id);
    assert.equal(held.status, "pending");
    // through the host's bridge: book_appointment with a key made in the view
    const calls = await page.evaluate(() => window.__host.calls);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].name, "book_appointment");
    assert.equal(calls[0].arguments.slot_id, first.id);
    assert.match(calls[0].arguments.idempotency_key, /^[0-9a-f-]{36}$/);
    // the slot booked is no longer offered
    assert.ok(!(await shownSlots(frame)).some((b) => b.id === first.id));
  });

  test("a slot taken meanwhile says SLOT_TAKEN in words", async () => {
    const { standin, client } = await stack();
    const { frame, view } = await openView(browser, stat, client, { args: WEEK });
    const [first] = await shownSlots(frame);
    // another patient books it at the stand-in while the view shows it
    const other = await api(standin, "POST", "/appointments", "patient2", { slotId: first.id });
    assert.equal(other.status, 201, JSON.stringify(other.body));
    await view.locator(`button.slot[data-slot="${first.id}"]`).click();
    const said = await waitStatus(frame, /did not go through/);
    assert.equal(said, `The booking did not go through: ${SLOT_TAKEN_WORDS}`);
    assert.equal(await frame.evaluate(() => document.getElementById("status").className), "bad");
    assert.ok(!(await shownSlots(frame)).some((b) => b.id === first.id), "the taken slot is gone");
  });

  test("a hostile doctor name is shown as text, never as markup", async () => {
    // Markup the server's output screen lets through (it withholds what it reads as a script or
    // an image: see below) reaches the view as data, and is shown as those characters.
    const markup = "Dr. <b>Ada</b> Hart &amp; <em>Co</em>";
    const { page, frame } = await (async () => {
      const { client } = await stack({ doctorNames: { 1: markup } });
      return openView(browser, stat, client, { args: WEEK });
    })();
    const served = await page.evaluate(() => window.__host.result.structuredContent.slots[0].doctor_name);
    assert.equal(served, markup, "the server passes this name through as it is");
    const expectText = async (name) => {
      const slots = await shownSlots(frame);
      assert.ok(slots.length > 0);
      for (const b of slots) {
        assert.equal(b.who, name);
        assert.ok(b.label.startsWith(`${b.time} ${name}, `), b.label);
      }
      assert.equal(await frame.evaluate(() => document.querySelectorAll("#grid b, #grid em, #grid img").length), 0);
    };
    await expectText(markup);

    // The example: the server's screen withholds it ...
    const hostile = "<img src=x onerror=window.__pwned=1>";
    const { client: screened } = await stack({ doctorNames: { 1: hostile } });
    const withheld = await screened.callTool({ name: "find_available_slots", arguments: { ...WEEK, limit: 1 } });
    assert.match(withheld.structuredContent.slots[0].doctor_name, /^\[withheld: /);
    // ... so the view is given it by the host directly, as a host relaying a server without that
    // screen would: the same result with the name put back.
    await page.evaluate(async (name) => {
      const result = structuredClone(window.__host.result);
      for (const slot of result.structuredContent.slots) slot.doctor_name = name;
      await window.__host.bridge.sendToolResult(result);
    }, hostile);
    await frame.waitForFunction((name) => document.querySelector("#grid .who")?.textContent === name, hostile);
    await expectText(hostile);
    assert.equal(await frame.evaluate(() => document.querySelectorAll("img").length), 0);
    assert.equal(await frame.evaluate(() => typeof window.__pwned), "undefined");
    const fetched = page.requests.filter((u) => !(u.startsWith(`${stat.origin}/host.html?`)
      || u.startsWith(`${stat.origin}/node_modules/`)));
    assert.deepEqual(fetched, [], "the view fetched nothing (no image)");
    assert.equal(await page.evaluate(() => typeof window.__pwned), "undefined");
  });

  test("keyboard only: Tab into the grid, arrows to a slot, Enter books it", async () => {
    const { standin, client } = await stack();
    const { page, frame } = await openView(browser, stat, client, { args: WEEK });
    const focused = () => frame.evaluate(() => {
      const a = document.activeElement;
      return a && a.matches("button.slot") ? Number(a.dataset.slot) : (a ? a.id || a.tagName : null);
    });
    let at = null;
    for (let i = 0; i < 10 && typeof at !== "number"; i++) {
      await page.keyboard.press("Tab");
      at = await focused();
    }
    assert.equal(typeof at, "number", `Tab reaches a slot (focus on ${at})`);
    const slots = await shownSlots(frame);
    assert.equal(at, slots.find((b) => b.tab === 0).id, "the grid's one tab stop");
    await page.keyboard.press("ArrowDown");
    const down = await focused();
    assert.notEqual(down, at, "ArrowDown moves to another slot");
    await page.keyboard.press("ArrowRight");
    const chosen = await focused();
    assert.equal(typeof chosen, "number");
    assert.notEqual(chosen, down, "ArrowRight moves to another day");
    const byId = new Map(slots.map((b) => [b.id, b]));
    assert.ok(byId.get(chosen).day > byId.get(down).day, "a later day");
    await page.keyboard.press("Enter");
    const said = await waitStatus(frame, /^(Booked|The booking did not go through)/);
    assert.match(said, /^Booked\. Appointment number \d+\.$/);
    const mine = await api(standin, "GET", "/appointments/my?page=1&limit=100");
    const held = mine.body.data.find((a) => a.id === Number(said.match(/\d+/)[0]));
    assert.equal(held?.slotId, chosen, "the slot reached by the keyboard is the one booked");
  });

  for (const theme of ["light", "dark"]) {
    test(`axe-core finds no violations, ${theme} theme; a screenshot of it`, async () => {
      const { client } = await stack();
      const { page, frame } = await openView(browser, stat, client, { args: WEEK, theme });
      assert.equal(await frame.evaluate(() => document.documentElement.dataset.theme), theme);
      await frame.evaluate(AXE);
      const result = await frame.evaluate(() => window.axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      }));
      const violations = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")})`);
      assert.deepEqual(violations, [], violations.join("\n"));
      assert.ok(result.passes.some((p) => p.id === "color-contrast"), "contrast was checked");
      // reviewed copies are committed under docs/; this run's are written under target/
      const dir = path.join(target, "browser");
      mkdirSync(dir, { recursive: true });
      await page.locator("#view").screenshot({ path: path.join(dir, `slot-picker-${theme}.png`) });
    });
  }
});
