import { describe, expect, it } from "vitest";
import { savedAlready, type EditBase } from "./edit-conflict.ts";

const now: EditBase = {
  name: "Owl lamp",
  description: "Cast in brass",
  priceDiscount: 4500,
  priceFixed: 6000,
  category: "wall-hanging",
  color: null,
  material: "Brass",
  utility: null,
  height: 12,
  width: null,
  length: null,
  weight: 0.8,
  state: "sold",
  shipsInDays: null,
  translations: { bn: { name: "পেঁচা প্রদীপ", description: null }, hi: { name: null, description: null } },
};

describe("savedAlready: the same save sent again has nothing left to do", () => {
  it("holds when every field sent already has its value, numbers read as numbers and empty as none", () => {
    const sent = { name: "Owl lamp ", priceFixed: "6000.00", priceDiscount: "4500", weight: "0.80", color: "", state: "sold", translations: { bn: { name: "পেঁচা প্রদীপ", description: "" } } };
    expect(savedAlready(sent, now)).toBe(true);
  });

  it("ignores the fields the form did not send (Quick Edit sends no state or translations)", () => {
    expect(savedAlready({ name: "Owl lamp", priceFixed: "6000" }, now)).toBe(true);
  });

  it("fails when one field sent differs from the piece as stored", () => {
    expect(savedAlready({ name: "Owl lamp", priceFixed: "6500" }, now)).toBe(false);
    expect(savedAlready({ name: "Owl lamp", state: "available" }, now)).toBe(false);
    expect(savedAlready({ translations: { hi: { name: "उल्लू दीया" } } }, now)).toBe(false);
    expect(savedAlready({ color: "Gold" }, now)).toBe(false);
  });
});
