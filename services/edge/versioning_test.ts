import assert from "node:assert/strict";
import { deprecationHeaders, pathVersion } from "./versioning.ts";

Deno.test("deprecationHeaders: none while the version is current", () => {
  assert.deepEqual(deprecationHeaders({}), {});
  assert.deepEqual(deprecationHeaders({ link: "https://x.sa/v2" }), {});
});

Deno.test("deprecationHeaders: Deprecation as an RFC 9745 date, Sunset as an HTTP-date, one Link", () => {
  assert.deepEqual(
    deprecationHeaders({
      deprecatedAt: "2027-01-01T00:00:00Z",
      sunsetAt: "2028-01-01T00:00:00+03:00",
      link: "https://jobs.example.sa/docs/migrate-v2",
    }),
    {
      Deprecation: "@1798761600",
      Sunset: "Fri, 31 Dec 2027 21:00:00 GMT",
      Link: '<https://jobs.example.sa/docs/migrate-v2>; rel="deprecation"; type="text/html", ' +
        '<https://jobs.example.sa/docs/migrate-v2>; rel="sunset"; type="text/html"',
    },
  );
  assert.deepEqual(deprecationHeaders({ sunsetAt: "2028-01-01T00:00:00Z" }), {
    Sunset: "Sat, 01 Jan 2028 00:00:00 GMT",
  });
});

Deno.test("pathVersion: the first segment when it names a version", () => {
  assert.equal(pathVersion("/v2/partner/jobs"), "v2");
  assert.equal(pathVersion("/v1"), "v1");
  assert.equal(pathVersion("/v10/"), "v10");
  assert.equal(pathVersion("/version/x"), undefined);
  assert.equal(pathVersion("/docs"), undefined);
  assert.equal(pathVersion("/vx/jobs"), undefined);
});
