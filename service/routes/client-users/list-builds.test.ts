import { describe, expect, it } from "vitest";
import { ListBuilds } from "./list-builds";

describe("ListBuilds", () => {
  it("runs at most its size at once, the others in the order they came", async () => {
    const builds = new ListBuilds(2);
    const order: string[] = [];
    const first = await builds.take();
    const second = await builds.take();
    const third = builds.take().then((end) => (order.push("third"), end));
    const fourth = builds.take().then((end) => (order.push("fourth"), end));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    first();
    first(); // a second call of the same end changes nothing
    const endThird = await third;
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(["third"]);
    second();
    (await fourth)();
    endThird();
    expect(builds).toMatchObject({ begun: 4, busiest: 2 });
    // All ended: the next turn is immediate.
    (await builds.take())();
  });
});
