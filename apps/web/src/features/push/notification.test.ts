import { describe, expect, it } from "vitest";
import { notificationFromPush, openUrl } from "./notification";

describe("the service worker's push and click handling", () => {
  it("shows the server's title and body, and keeps the url to open", () => {
    const shown = notificationFromPush(
      JSON.stringify({
        title: "Aanya: new message from Priya Sharma",
        body: "Open Sprout to read it.",
        url: "/messaging",
        kind: "message",
      }),
    );
    expect(shown).toEqual({
      title: "Aanya: new message from Priya Sharma",
      options: {
        body: "Open Sprout to read it.",
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { url: "/messaging" },
      },
    });
    expect(
      notificationFromPush(JSON.stringify({ title: "Emergency", url: "/", tag: "emergency-1" })).options,
    ).toMatchObject({
      tag: "emergency-1",
      renotify: true,
    });
  });

  it("still shows something for a push that is not our JSON", () => {
    expect(notificationFromPush("not json")).toMatchObject({ title: "Sprout", options: { data: { url: "/" } } });
    expect(notificationFromPush(null).title).toBe("Sprout");
    expect(notificationFromPush(null).options.body).toBe("Open Sprout to see what is new.");
  });

  it("says a push without words of its own in the language the page handed over", () => {
    const hindi = "नया क्या है, यह देखने के लिए Sprout खोलें।";
    expect(notificationFromPush(JSON.stringify({ url: "/" }), hindi).options.body).toBe(hindi);
    expect(notificationFromPush("not json", hindi).options.body).toBe(hindi);
    // The server's own words win.
    expect(notificationFromPush(JSON.stringify({ body: "Open Sprout to read it." }), hindi).options.body).toBe(
      "Open Sprout to read it.",
    );
  });

  it("opens only this app's own pages", () => {
    const origin = "https://sprout.example.in";
    expect(openUrl("/messaging", origin)).toBe("https://sprout.example.in/messaging");
    expect(openUrl("/incidents?report=1", origin)).toBe("https://sprout.example.in/incidents?report=1");
    expect(openUrl("https://evil.example/x", origin)).toBe("https://sprout.example.in/");
    expect(openUrl("//evil.example/x", origin)).toBe("https://sprout.example.in/");
    expect(openUrl(42, origin)).toBe("https://sprout.example.in/");
  });
});
