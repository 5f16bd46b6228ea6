// bosun serve: follows the session live (Server-Sent Events) and redraws
// the page from each view. Every text goes in with textContent: nothing
// from the session is ever parsed as HTML.
(function () {
  "use strict";
  var token = document.body.dataset.token || "";
  var version = Number(document.body.dataset.version || 0);
  var $ = function (id) { return document.getElementById(id); };

  function withToken(path, params) {
    var q = new URLSearchParams(params || {});
    if (token) q.set("t", token);
    var s = q.toString();
    return s ? path + "?" + s : path;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  var sides = ["red", "blue", "white", "black", "green", "yellow", "purple", "orange", "grey", "gray", "brown", "pink"];

  function render(v) {
    document.title = v.game_name + " — " + v.session + " · bosun";
    $("game").textContent = v.game_name;
    $("session").textContent = v.session;
    var err = $("error");
    err.textContent = v.error || "";
    err.hidden = !v.error;

    var facts = $("facts");
    facts.replaceChildren();
    (v.facts || []).forEach(function (f) {
      var d = el("div", "fact");
      d.append(el("dt", "", f.label), el("dd", "", f.value));
      facts.append(d);
    });

    var players = $("players");
    players.replaceChildren();
    (v.players || []).forEach(function (p) {
      var li = el("li");
      var side = (p.side || "").trim().toLowerCase();
      li.append(el("span", "swatch" + (sides.indexOf(side) >= 0 ? " side-" + side : "")), el("span", "name", p.name));
      if (p.side) li.append(" ", el("span", "side", p.side));
      players.append(li);
    });

    $("total").textContent = "(" + v.total + " in the log)";
    var evs = $("events");
    var before = {};
    evs.querySelectorAll("li[data-seq]").forEach(function (li) { before[li.dataset.seq] = true; });
    evs.replaceChildren();
    if (!v.events || v.events.length === 0) {
      evs.append(el("li", "none", "No events yet: run bosun next."));
    }
    (v.events || []).forEach(function (e) {
      var li = el("li");
      li.dataset.seq = e.seq;
      if (!before[e.seq] && Object.keys(before).length > 0) li.className = "new";
      li.append(el("span", "step", "step " + e.step), " ", el("span", "text", e.text));
      if (e.dice) li.append(" ", el("span", "dice", "(" + e.dice + ")"));
      if (e.cites && e.cites.length) {
        var cs = el("span", "cites");
        e.cites.forEach(function (id) {
          var a = el("a", "cite", id);
          a.href = withToken("/api/section", { id: id });
          a.dataset.id = id;
          cs.append(a);
        });
        li.append(cs);
      }
      evs.append(li);
    });

    renderBattles(v);
    renderCharts(v);
    renderAsk(v);
    $("status-text").textContent = v.status_text;
    $("status-json").textContent = JSON.stringify(v.status, null, 2);
    version = v.version;
    document.body.dataset.version = String(v.version);
  }

  // renderBattles lists the latest battles with bosun report's words:
  // the exact odds before the dice, the dice, the result and the luck.
  function renderBattles(v) {
    $("fought").textContent = "(" + v.fought + " so far)";
    var list = $("battles");
    var before = {};
    list.querySelectorAll("li[data-n]").forEach(function (li) { before[li.dataset.n] = true; });
    list.replaceChildren();
    if (!v.battles || v.battles.length === 0) {
      list.append(el("li", "none", "No battle so far."));
      return;
    }
    v.battles.forEach(function (b) {
      var li = el("li");
      li.dataset.n = b.n;
      if (!before[b.n] && Object.keys(before).length > 0) li.className = "new";
      var title = el("p", "b-title");
      title.append(el("span", "step", "#" + b.n + (b.round ? " · " + b.round : "") + " · step " + b.step), " " + b.title);
      var dl = el("dl", "b-facts");
      [["Odds before the dice", "b-odds", b.odds], ["Dice", "b-dice", b.dice], ["Result", "b-result", b.result], ["Luck", "b-luck", b.luck]].forEach(function (f) {
        var d = el("div");
        var dd = el("dd", f[1], f[2]);
        if (f[1] === "b-luck" && typeof b.percentile === "number") {
          var m = el("meter");
          m.min = 0; m.max = 1; m.low = 0.3; m.high = 0.7; m.optimum = 0.5; m.value = b.percentile;
          dd.append(" ", m);
        }
        d.append(el("dt", "", f[0]), dd);
        dl.append(d);
      });
      li.append(title, dl);
      list.append(li);
    });
  }

  // renderCharts shows bosun report's charts so far, each an image the
  // server draws; a chart is fetched again only when its drawing changed.
  function renderCharts(v) {
    var box = $("charts");
    var have = {};
    box.querySelectorAll("figure.chart").forEach(function (f) { have[f.dataset.id] = f; });
    var figs = [];
    (v.charts || []).forEach(function (c) {
      var f = have[c.id];
      if (!f || f.dataset.rev !== (c.rev || "")) {
        f = el("figure", "chart");
        f.dataset.id = c.id;
        f.dataset.rev = c.rev || "";
        f.append(el("figcaption", "", c.title));
        if (c.rev) {
          var img = el("img");
          img.alt = c.title;
          img.width = 720;
          img.height = 300;
          img.src = withToken("/api/chart", { id: c.id, v: c.rev });
          f.append(img);
        }
        if (c.note) f.append(el("p", "sub", c.note));
      }
      figs.push(f);
    });
    if (figs.length === 0) figs.push(el("p", "none sub", "No chart: nothing recorded yet."));
    box.replaceChildren.apply(box, figs);
  }

  var asked = null; // the question shown (its id)
  var undoFor = null; // the step a refused undo offered to force
  var undoShown = null; // the step the undo button undoes

  var undoRevealed = false; // the step to undo revealed dice or a card

  function undoStep(force) {
    if (!force && undoRevealed) {
      // as bosun undo without --force: refused, the forced undo offered
      // (the server refuses it too; the page does not ask to be told)
      var err = $("step-error");
      err.textContent = "Step " + undoShown + " revealed information (dice or a card): undo it anyway? The undo is logged.";
      err.hidden = false;
      undoFor = undoShown;
      $("undo-force").hidden = false;
      return;
    }
    post("/api/undo", { force: force }).then(function (r) {
      var err = $("step-error");
      if (r.status === 200) {
        err.hidden = true;
        $("undo-force").hidden = true;
        undoFor = null;
        return;
      }
      err.textContent = r.body.error || ("refused (" + r.status + ")");
      err.hidden = false;
      if (r.body.needs_force) {
        undoFor = undoShown;
        $("undo-force").hidden = false;
      }
    });
  }

  function renderAsk(v) {
    var card = $("ask");
    card.hidden = !v.answering;
    if (!v.answering) return;
    var q = v.question;
    $("ask-h").textContent = q ? "bosun asks" : (v.running ? "Step running…" : "Next step");
    $("ask-text").textContent = q ? q.text + (q.where ? " (read it from " + q.where + ")" : "") : "";
    var reason = $("ask-reason");
    reason.textContent = q && q.reason ? "Refused: " + q.reason : "";
    reason.hidden = !(q && q.reason);
    $("step-error").textContent = v.step_error || "";
    $("step-error").hidden = !v.step_error;
    $("next").hidden = !!(q || v.running || v.over);
    // undo where bosun undo would undo: no step running, a step to undo
    var undo = $("undo");
    undo.hidden = !!(q || v.running || !v.undo);
    undoShown = v.undo ? v.undo.step : null;
    undoRevealed = !!(v.undo && v.undo.revealed);
    if (v.undo) undo.textContent = "Undo step " + v.undo.step + (v.undo.revealed ? " (it revealed dice or a card)" : "");
    if (undo.hidden || undoFor !== undoShown) $("undo-force").hidden = true;
    var choices = $("ask-choices");
    var form = $("ask-form");
    if (!q) {
      choices.replaceChildren();
      form.hidden = true;
      $("ask-accepted").textContent = "";
      asked = null;
      delete card.dataset.asking;
      return;
    }
    if (asked === q.id) return;
    asked = q.id;
    lock(false);
    card.dataset.asking = String(q.id); // which asking the buttons answer
    choices.replaceChildren();
    var values = (q.options || []).slice();
    if (values.length === 0 && q.kind === "number" && q.max - q.min <= 12) {
      for (var n = q.min; n <= q.max; n++) values.push(String(n));
    }
    if (q.kind === "confirm" && values.length === 0) values = ["yes", "no"];
    values.forEach(function (val) {
      var b = el("button", val === q.default ? "choice default" : "choice", val);
      b.type = "button";
      if (q.labels && q.labels[val]) b.title = q.labels[val];
      b.addEventListener("click", function () { answer(q.id, val); });
      choices.append(b);
    });
    form.hidden = values.length > 0 && q.kind !== "list" && q.kind !== "text";
    $("ask-input").value = q.default || "";
    $("ask-accepted").textContent = (q.accepted ? "Accepted: " + q.accepted + ". " : "") + (q.default ? "Default: " + q.default + "." : "") + " Key: " + q.key;
  }

  function post(path, body) {
    var headers = { "Content-Type": "application/json" };
    if (token) headers["X-Bosun-Token"] = token;
    return fetch(path, { method: "POST", headers: headers, body: JSON.stringify(body || {}), credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }

  var sent = null; // the asking this page has sent an answer to

  // lock disables the answer's buttons and field while one is on its way
  // (a second tap on the same asking would only be told it was answered)
  function lock(on) {
    $("ask").querySelectorAll("#ask-choices button, #ask-form button, #ask-input").forEach(function (b) { b.disabled = on; });
  }

  function answer(id, value) {
    if (sent === id) return;
    sent = id;
    lock(true);
    post("/api/answer", { id: id, value: value }).then(function (r) {
      if (r.status !== 200) {
        var reason = $("ask-reason");
        reason.textContent = r.body.error || ("refused (" + r.status + ")");
        reason.hidden = false;
        sent = null;
        lock(false);
        if (r.status === 422) asked = null; // asked again: redraw its choices
      }
    }).catch(function (e) { sent = null; lock(false); $("ask-reason").textContent = String(e); $("ask-reason").hidden = false; });
  }

  $("ask-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (asked !== null) answer(asked, $("ask-input").value);
  });
  $("undo").addEventListener("click", function () { undoStep(false); });
  $("undo-force").addEventListener("click", function () { undoStep(true); });
  $("next").addEventListener("click", function () {
    post("/api/next").then(function (r) {
      if (r.status !== 200) { $("step-error").textContent = r.body.error; $("step-error").hidden = false; }
    });
  });

  function live(text, ok) {
    var l = $("live");
    l.textContent = text;
    l.className = ok ? "live on" : "live off";
  }

  function connect() {
    var es = new EventSource(withToken("/api/events"));
    es.addEventListener("open", function () { live("live", true); });
    es.addEventListener("view", function (m) {
      var v;
      try { v = JSON.parse(m.data); } catch (e) { return; }
      live("live", true);
      if (v.version >= version) render(v);
    });
    es.addEventListener("error", function () {
      live("reconnecting…", false);
      if (es.readyState === EventSource.CLOSED) {
        setTimeout(connect, 2000);
      }
    });
  }

  function showSection(id) {
    fetch(withToken("/api/section", { id: id }), { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (s) {
        $("section-title").textContent = s.error ? id : s.path;
        $("section-id").textContent = s.error ? "" : s.id;
        $("section-text").textContent = s.error || s.text;
        $("section").hidden = false;
        $("section").scrollIntoView({ block: "nearest" });
      })
      .catch(function (e) { $("section-text").textContent = String(e); $("section").hidden = false; });
  }

  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a.cite");
    if (!a) return;
    ev.preventDefault();
    showSection(a.dataset.id);
  });
  $("section-close").addEventListener("click", function () { $("section").hidden = true; });

  renderAsk(initialAsk());

  function initialAsk() {
    return { answering: !$("ask").hidden, question: null, running: false, over: false };
  }

  $("search").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var q = $("q").value.trim();
    if (!q) return;
    var out = $("answer");
    out.hidden = false;
    out.textContent = "Searching…";
    var headers = { "Content-Type": "application/json" };
    if (token) headers["X-Bosun-Token"] = token;
    fetch("/api/search", { method: "POST", headers: headers, body: JSON.stringify({ q: q }), credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (res) { out.textContent = res.error || res.text; })
      .catch(function (e) { out.textContent = String(e); });
  });

  connect();
})();
