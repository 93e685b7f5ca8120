// The table page's own behaviour: picks on the board narrow the move list, a move that
// writes nothing asks first, live pushes refetch the frame, the lobby form follows the game.
// Plain JavaScript, re-applied after every htmx swap.
(function () {
  "use strict";
  // A refusal (4xx: a stale or illegal move, a rate limit) comes with the frame or the message
  // to show: swap it in as an answer, not as a failure (htmx 2 leaves 4xx unswapped unless told).
  // A server failure (5xx) is not swapped.
  if (window.htmx) {
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "4..", swap: true, error: false },
      { code: "5..", swap: false, error: true },
    ];
  }
  let picked = null; // indices of the moves still possible after the board picks, or null
  let active = []; // the board parts picked, in order

  function frame() { return document.getElementById("frame"); }

  function moveItems() {
    return Array.from(document.querySelectorAll(".move-list li[data-index]"));
  }

  function indicesOf(el) {
    return new Set((el.getAttribute("data-moves") || "").split(/\s+/).filter(Boolean).map(Number));
  }

  function showPicks() {
    const bar = document.querySelector(".pick-bar");
    let left = 0;
    for (const li of moveItems()) {
      const keep = picked === null || picked.has(Number(li.dataset.index));
      li.hidden = !keep;
      if (keep) left += 1;
    }
    if (bar) {
      bar.hidden = picked === null;
      const count = bar.querySelector(".pick-count");
      if (count) count.textContent = left === 1 ? "1 move fits your picks." : left + " moves fit your picks.";
    }
  }

  function clearPicks() {
    picked = null;
    active = [];
    for (const el of document.querySelectorAll(".pick.picked")) {
      el.classList.remove("picked");
      el.setAttribute("aria-pressed", "false");
    }
    showPicks();
  }

  function play(button, question) {
    const warn = button.dataset.confirmed ? "" : button.dataset.confirm || "";
    const ask = question ? question + (warn ? " " + warn : "") : warn;
    if (ask) {
      const box = document.querySelector(".confirm");
      if (box) {
        box.querySelector("#confirm-text").textContent = ask;
        box.hidden = false;
        box.dataset.index = button.dataset.index;
        box.querySelector(".confirm-yes").focus();
        return;
      }
    }
    button.dataset.confirmed = "1";
    button.click();
  }

  function mark(el, on) {
    el.classList.toggle("picked", on);
    el.setAttribute("aria-pressed", on ? "true" : "false");
  }

  function pick(el) {
    const mine = indicesOf(el);
    if (mine.size === 0) return;
    if (active.includes(el)) { // a second click takes the pick back
      active = active.filter((a) => a !== el);
      mark(el, false);
    } else {
      const group = el.getAttribute("data-group");
      if (group) { // a pick replaces an earlier one of its group (another die, another card)
        for (const a of active.filter((a) => a.getAttribute("data-group") === group)) mark(a, false);
        active = active.filter((a) => a.getAttribute("data-group") !== group);
      }
      active.push(el);
      mark(el, true);
    }
    picked = null;
    for (const a of active) {
      const set = indicesOf(a);
      picked = picked === null ? set : new Set([...picked].filter((i) => set.has(i)));
    }
    if (picked !== null && picked.size === 0) { // a pick that fits nothing starts over
      for (const a of active) mark(a, false);
      active = [el];
      mark(el, true);
      picked = mine;
    }
    showPicks();
    if (picked !== null && picked.size === 1) {
      const index = [...picked][0];
      const button = document.querySelector('.move-list button[data-index="' + index + '"]');
      if (!button) return;
      // played at once only when this part alone names the move; else the page asks first
      const text = button.querySelector(".text");
      play(button, mine.size === 1 ? "" : "Play: " + (text ? text.textContent : button.value) + "?");
    }
  }

  document.addEventListener("click", function (event) {
    const target = event.target;
    const pickEl = target.closest && target.closest(".pick");
    if (pickEl) { event.preventDefault(); pick(pickEl); return; }
    if (target.closest(".clear-picks")) { clearPicks(); return; }
    const move = target.closest(".move-list button[data-confirm]");
    if (move && !move.dataset.confirmed) { event.preventDefault(); play(move); return; }
    if (target.closest(".confirm-yes")) {
      const box = target.closest(".confirm");
      const button = document.querySelector('.move-list button[data-index="' + box.dataset.index + '"]');
      box.hidden = true;
      if (button) { button.dataset.confirmed = "1"; button.click(); }
      return;
    }
    if (target.closest(".confirm-no")) { target.closest(".confirm").hidden = true; clearPicks(); return; }
    const copy = target.closest(".copy");
    if (copy) {
      const input = document.getElementById(copy.dataset.copy);
      input.select();
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(function () {});
      copy.textContent = "Copied";
      return;
    }
    const playButton = target.closest(".replay-play");
    if (playButton) { toggleReplay(playButton); }
  }, true);

  document.addEventListener("keydown", function (event) {
    const el = event.target.closest && event.target.closest(".pick");
    if (el && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); pick(el); }
    if (event.key === "Escape") clearPicks();
  });

  // Live pushes say only the table's move number; a frame that is behind fetches itself again.
  let kept = null; // picks to restore if a refresh brings back the same moves

  function movesSignature() {
    return Array.from(document.querySelectorAll(".move-list button[name=move]"), (b) => b.value).join("\n");
  }

  function refresh() {
    const f = frame();
    if (!f) return;
    if (picked !== null) {
      const all = Array.from(document.querySelectorAll(".pick"));
      kept = {
        moves: movesSignature(),
        picked: picked,
        els: all.map((el, i) => (el.classList.contains("picked") ? i : -1)).filter((i) => i >= 0),
      };
    }
    const shown = f.querySelector(".table-frame");
    const reveal = shown ? shown.dataset.reveal : "";
    const url = "/t/" + f.dataset.table + "/frame" + (reveal !== "" && reveal !== undefined ? "?reveal=" + reveal : "");
    htmx.ajax("GET", url, { target: "#frame", swap: "innerHTML" });
  }

  document.addEventListener("htmx:wsAfterMessage", function () {
    const pulse = document.getElementById("pulse");
    const f = frame();
    if (!pulse || !f || f.querySelector(".replay-controls")) return;
    const shown = f.querySelector(".table-frame");
    // the first push of a connection only catches up; later ones tell of a change
    if (pulse.dataset.seq !== "0" || (shown && shown.dataset.move !== pulse.dataset.move)) refresh();
  });

  // Replays: Play steps forward once a second until the end or a second press.
  let timer = null;
  function showPlaying(button, on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    const label = button.querySelector(".label");
    if (label) label.textContent = on ? "Pause" : "Play";
  }
  function stopReplay() {
    clearInterval(timer);
    timer = null;
    const button = document.querySelector(".replay-play");
    if (button) showPlaying(button, false);
  }
  function toggleReplay(button) {
    if (timer) { stopReplay(); return; }
    showPlaying(button, true);
    timer = setInterval(function () {
      const next = document.querySelector(".replay-next[href]");
      if (next) next.click(); else stopReplay();
    }, 1000);
  }

  // The replay's controls are drawn again with each step: the one a keyboard pressed keeps
  // the focus (or the nearest that still acts, at either end of the game).
  let focusedControl = null;
  document.addEventListener("htmx:beforeSwap", function () {
    const el = document.activeElement;
    const control = el && el.closest ? el.closest(".replay-controls [class*='replay-'], .replay-jump") : null;
    focusedControl = null;
    if (control) {
      const named = Array.from(control.classList).find((c) => c.startsWith("replay-"));
      focusedControl = control.classList.contains("replay-jump") ? el.id || "replay-step" : named;
    }
  });
  function refocusControl() {
    if (!focusedControl) return;
    const wanted = focusedControl;
    focusedControl = null;
    const byId = document.getElementById(wanted);
    if (byId) { byId.focus({ preventScroll: true }); return; }
    for (const name of [wanted, "replay-prev", "replay-next", "replay-play"]) {
      const el = document.querySelector(".replay-controls ." + name);
      if (el && !el.disabled && el.getAttribute("aria-disabled") !== "true") { el.focus({ preventScroll: true }); return; }
    }
  }

  // Clocks count down between pushes.
  setInterval(function () {
    for (const el of document.querySelectorAll(".clock.running")) {
      const left = Math.max(0, Number(el.dataset.seconds) - 1);
      el.dataset.seconds = String(left);
      const m = Math.floor(left / 60), s = Math.floor(left % 60);
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    }
  }, 1000);

  function afterSwap() {
    picked = null;
    active = [];
    if (kept && kept.moves === movesSignature()) {
      // another seat's move changed the table but not this seat's choice: keep its picks
      picked = kept.picked;
      const all = document.querySelectorAll(".pick");
      for (const i of kept.els) {
        if (all[i]) { mark(all[i], true); active.push(all[i]); }
      }
    }
    kept = null;
    showPicks();
    // a screen reader hears whose turn it is after each change (the frame itself is replaced)
    const status = document.getElementById("status");
    const announce = document.getElementById("announce");
    if (status && announce) {
      const said = status.firstChild ? status.firstChild.textContent.trim() : "";
      if (announce.textContent !== said) announce.textContent = said;
    }
    for (const log of document.querySelectorAll(".log-lines")) log.scrollTop = log.scrollHeight; // newest in sight
    const timerButton = document.querySelector(".replay-play");
    if (timerButton && timer) showPlaying(timerButton, true);
    refocusControl();
    lobby();
  }

  // The lobby shows the chosen game's options and as many seat rows as players.
  function lobby() {
    const form = document.getElementById("new-table");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    const players = form.querySelector("#players");
    function update() {
      const game = form.querySelector('input[name="game"]:checked');
      if (!game) return;
      players.min = game.dataset.min;
      players.max = game.dataset.max;
      // a count out of the game's range is not changed behind the person's back: it is
      // refused, with the game's range next to the field (and by the server, without script)
      const min = Number(game.dataset.min), max = Number(game.dataset.max);
      const wanted = Number(players.value);
      const takes = game.dataset.title + " takes " + min + "–" + max + " players";
      const fits = Number.isInteger(wanted) && wanted >= min && wanted <= max;
      players.setCustomValidity(fits ? "" : takes);
      const range = form.querySelector("#players-range");
      if (range) {
        range.textContent = fits ? "(" + min + "–" + max + ")" : takes + ", not " + (players.value || "none");
        range.className = fits ? "muted" : "field-error";
        const served = form.querySelector("#err-players");  // the server's words for the same
        if (served) served.hidden = true;
      }
      const n = Math.min(Math.max(wanted || 1, min), max);
      for (const set of form.querySelectorAll(".options")) set.hidden = set.dataset.game !== game.value;
      for (const row of form.querySelectorAll(".seat-row")) row.hidden = Number(row.dataset.seat) >= n;
      // an option of some player counts only is offered (and sent) at those counts
      for (const row of form.querySelectorAll(".for-players")) {
        const off = n < Number(row.dataset.min) || n > Number(row.dataset.max);
        row.hidden = off;
        for (const input of row.querySelectorAll("input, select")) input.disabled = off;
      }
      // an option naming a seat offers the seats of this player count only
      for (const select of form.querySelectorAll("select.seat-option")) {
        for (const option of select.options) {
          const gone = option.dataset.seat !== undefined && Number(option.dataset.seat) >= n;
          option.hidden = gone;
          option.disabled = gone;
        }
        if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.selectedIndex = 0;
      }
    }
    form.addEventListener("change", update);
    players.addEventListener("input", update);
    update();
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "frame") afterSwap();
  });
  document.addEventListener("DOMContentLoaded", afterSwap);
})();
