// A collection's page: its records from GET /v1/collections/{cid}/records, filtered by
// verdict, game, profile, player and code, fifty a page, each linking to its record's page.
"use strict";

(() => {
  const { el, verdictBadge } = stich;
  const $ = (id) => document.getElementById(id);
  const cid = decodeURIComponent(location.pathname.replace(/^\/c\//, "").replace(/\/$/, ""));
  const LIMIT = 50;
  let offset = 0;
  let total = 0;

  // The filters live in the query string, so a filtered list is a link too.
  const query = new URLSearchParams(location.search);
  for (const name of ["verdict", "game", "profile", "player", "code"]) {
    const input = $("f-" + name);
    if (query.get(name)) input.value = query.get(name);
  }
  offset = Math.max(0, parseInt(query.get("offset") || "0", 10) || 0);

  async function title() {
    try {
      const res = await fetch("/v1/collections/" + encodeURIComponent(cid));
      if (res.ok) {
        const c = await res.json();
        $("title").textContent = "Collection " + (c.name || cid);
        document.title = "stich — " + $("title").textContent;
        return;
      }
    } catch (e) { /* the list below says what went wrong */ }
    $("title").textContent = "Collection " + cid;
  }

  function filters() {
    const q = new URLSearchParams();
    for (const name of ["verdict", "game", "profile", "player", "code"]) {
      const v = $("f-" + name).value.trim();
      if (v) q.set(name, v);
    }
    return q;
  }

  async function list() {
    const q = filters();
    q.set("limit", LIMIT);
    q.set("offset", offset);
    $("status").textContent = "Loading…";
    let answer;
    try {
      const res = await fetch("/v1/collections/" + encodeURIComponent(cid) + "/records?" + q);
      if (!res.ok) throw new Error("the service answered " + res.status);
      answer = await res.json();
    } catch (e) {
      $("status").textContent = "Could not list the records: " + e.message;
      return;
    }
    total = answer.total;
    const body = $("list").tBodies[0];
    body.replaceChildren();
    for (const r of answer.records) {
      const href = "/view?c=" + encodeURIComponent(cid) + "&r=" + encodeURIComponent(r.id);
      body.append(el("tr", { "data-id": r.id },
        el("td", {}, el("a", { href }, el("code", {}, r.id.slice(0, 12)))),
        el("td", {}, r.game || ""), el("td", {}, r.profile || ""),
        el("td", {}, verdictBadge(r.verdict)),
        el("td", {}, (r.players || []).join(", ")),
        el("td", {}, r.date || ""),
        el("td", {}, (r.codes || []).join(" "))));
    }
    const first = total ? offset + 1 : 0;
    const lastShown = Math.min(offset + answer.records.length, total);
    $("status").textContent = total + (total === 1 ? " record" : " records") + (q.toString().includes("=") ? "" : "");
    $("page").textContent = " " + first + "–" + lastShown + " of " + total + " ";
    $("prev-page").disabled = offset === 0;
    $("next-page").disabled = offset + LIMIT >= total;
    const shown = filters();
    if (offset) shown.set("offset", offset);
    history.replaceState(null, "", location.pathname + (shown.toString() ? "?" + shown : ""));
  }

  $("filters").addEventListener("submit", (ev) => { ev.preventDefault(); offset = 0; list(); });
  $("prev-page").addEventListener("click", () => { offset = Math.max(0, offset - LIMIT); list(); });
  $("next-page").addEventListener("click", () => { offset += LIMIT; list(); });
  title();
  list();
})();
