// The card table (ui/felt/widget.py): draws the data of tutor/seat/felt.py (FeltData: this script reads
// every field of it and no other); picks happen here, a move sends one trigger event ("move") and Python
// answers with the new table. Every word comes in data.words.
// The data arrives as JSON bytes (ui/felt/widget.py); a test may hand it over as an object.
function decode(raw) {
  if (raw instanceof Uint8Array || raw instanceof ArrayBuffer) {
    const text = new TextDecoder().decode(raw);
    return { text: text, data: JSON.parse(text) };
  }
  return { text: null, data: raw };
}
// Streamlit imports this script once a page and calls the function below for each drawing of each table:
// when the table is put on the page, and again with every new data. Each table keeps what it needs
// between drawings (its picks, the poll's timer, the watch that keeps its answer in view, timers and
// frames waiting) in its own record in `tables`, under the element Streamlit gives that table alone;
// the function a drawing returns is called when the table leaves the page, and stops all of it.
const tables = new WeakMap();
// The picks outlive a remount of the table (a rerun that rebuilds the page around it gives it a new
// element): the picks each table draws are remembered by the position on show (the last few positions),
// and a new table drawing that position starts from a copy of them. They are forgotten with the position.
const picksShown = new Map();
const POSITIONS_REMEMBERED = 8;
// When the learner last sent a move from a table: the answer's drawing keeps the keyboard on the table
// (on the message box, where the answer is) even when the button pressed is gone, as after a solved task.
let movedAt = 0;
// How many moves the learner has sent from the tables of this page: an answer drawn after one is new, even
// when it is worded as the one before (the same refusal twice).
let moves = 0;
// What each position's table last said to a screen reader (see speak below): a table put on the page anew
// for a position already shown (a remount) goes on from there instead of saying it all again.
const heardShown = new Map();
// The card each row of buttons (the hand, the pile) lets Tab land on: one stop a row, arrows inside it.
const roving = new Map();

function tableOf(parentElement) {
  let table = tables.get(parentElement);
  if (!table) {
    let root = parentElement.querySelector(".r5t");
    if (!root) {
      root = document.createElement("div");
      root.className = "r5t";
      parentElement.appendChild(root);
    }
    // The table's one live region, outside the drawn table (which is redrawn whole): it gets only what is
    // new, so a screen reader hears each thing once (the message box itself is not live).
    let voice = parentElement.querySelector(".r5t-voice");
    if (!voice) {
      voice = document.createElement("div");
      voice.className = "r5t-voice";
      voice.setAttribute("role", "status");
      voice.setAttribute("aria-live", "polite");
      parentElement.appendChild(voice);
    }
    table = { root: root, voice: voice, picks: null, said: null, heard: null, beat: 0, watch: null, timers: new Set(), frames: new Set(), drawing: 0, drawn: null };
    tables.set(parentElement, table);
  }
  return table;
}
function remember(shown, position, value) {
  shown.delete(position);
  shown.set(position, value);
  while (shown.size > POSITIONS_REMEMBERED) shown.delete(shown.keys().next().value);
}
// The lines of `log` not in `before`: a log that goes on (a shared table's last few moves) keeps some of the
// lines said before at its start; all of them when `before` ends where `log` starts.
function newLines(before, log) {
  let kept = Math.min(before.length, log.length);
  while (kept > 0 && before.slice(before.length - kept).some((line, i) => line !== log[i])) kept -= 1;
  return log.slice(kept);
}
// Say to a screen reader what a drawing brings that the table has not said: the answer to a move (when it
// changed, or a move was sent since), the log's new lines, "Your turn." when the learner's turn starts. The
// words go into the live region as one new line that replaces the last (a new node: said even when worded
// as before); nothing new, nothing said. `focused`: the keyboard was just put on the message box, whose
// words the screen reader reads out with it: said there, not twice. A table's first drawing (the page
// opened: read as the page is) says only "Your turn.".
function speak(table, data, focused) {
  const answer = data.message ? data.message.text : null;
  const turn = !!data.your_turn;
  const heard = table.heard;
  const words = [];
  if (heard && !focused) {
    if (answer && (answer !== heard.answer || heard.moves !== moves)) words.push(answer);
    words.push(...newLines(heard.log, data.log));
  }
  if (turn && !(heard && heard.turn)) words.push(data.words.your_turn);
  table.heard = { answer: answer, log: data.log.slice(), turn: turn, moves: moves };
  remember(heardShown, data.position, table.heard);
  if (words.length) {
    const line = document.createElement("div");
    line.textContent = words.join(" ");
    table.voice.replaceChildren(line);
  } else if (heard && ((!turn && heard.turn) || (!answer && heard.answer))) {
    // What was said is no longer so: "Your turn." once the turn or the task is over, an answer (a refusal,
    // "the table cannot be reached") once the table no longer shows it. A screen reader reading the page
    // finds nothing stale beside the table.
    table.voice.replaceChildren();
  }
}
// A timer or an animation frame of a table: forgotten once it has run, cancelled if the table leaves first.
function later(table, fn, ms) {
  const id = window.setTimeout(() => { table.timers.delete(id); fn(); }, ms);
  table.timers.add(id);
}
function nextFrame(table, fn) {
  const id = window.requestAnimationFrame(() => { table.frames.delete(id); fn(); });
  table.frames.add(id);
}
// Everything a table has started and not finished: the poll, the watch, timers and frames, its handlers.
function stop(table) {
  window.clearInterval(table.beat);
  table.beat = 0;
  if (table.watch) table.watch();
  table.timers.forEach((id) => window.clearTimeout(id));
  table.timers.clear();
  table.frames.forEach((id) => window.cancelAnimationFrame(id));
  table.frames.clear();
  table.root.onclick = table.root.onchange = table.root.onkeydown = table.root.onfocusin = null;
}

export default function (component) {
  const { setTriggerValue, parentElement } = component;
  const { text, data } = decode(component.data);
  const table = tableOf(parentElement);
  const root = table.root;
  const drawing = ++table.drawing;
  // The same data again (the page drawn again around an unchanged table; "ready" asks for an event and
  // draws nothing): the cards on the screen, with the picks made since and the focus, are already what this
  // drawing would draw.
  const drawn = text === null ? null : JSON.stringify({ ...data, ready: false });
  const same = drawn !== null && drawn === table.drawn && root.childElementCount > 0;
  table.drawn = drawn;
  // A new table takes over the picks last drawn for its position; a new position starts with none.
  const kept = picksShown.get(data.position);
  if (!table.picks && kept) table.picks = { ...kept, picked: kept.picked.slice(), jokers: kept.jokers.slice() };
  const fresh = !table.picks || table.picks.position !== data.position;
  if (fresh) {
    let sort = "dealt";
    try { sort = window.localStorage.getItem("r5-sort") || "dealt"; } catch (e) { /* no storage */ }
    table.picks = { position: data.position, picked: [], pile: null, meld: null, jokers: [], sort: sort, sent: 0 };
  }
  const st = table.picks;
  // "Show me": a hint's move made ready for the learner, its cards, pile card and meld picked, once per hint.
  if (data.show && st.shown !== data.show.id) {
    st.shown = data.show.id;
    st.picked = data.show.hand.slice();
    st.pile = data.show.pile;
    st.meld = data.show.meld;
    st.jokers = data.show.jokers.slice();
  }
  remember(picksShown, data.position, st);
  if (!table.heard) table.heard = heardShown.get(data.position) || null;
  // A shared table (Play together) asks for a fresh look ("tick") every data.poll_ms: the browser's own
  // timer drives the page's poll, a rerun of the table's fragment alone. Not just after a move was sent
  // (its answer is on the way), and never once the table has left the page.
  // The page's first look waits for nothing else: the table says once that it is on the screen ("ready"),
  // two frames after this drawing, and the page then draws what it kept back (a chart loads plotly).
  if (data.ready) nextFrame(table, () => nextFrame(table, () => setTriggerValue("ready", Date.now())));
  window.clearInterval(table.beat);
  table.beat = 0;
  if (data.poll_ms) {
    const beat = window.setInterval(() => {
      if (!root.isConnected) { window.clearInterval(beat); return; }
      if (Date.now() - (st.sentAt || 0) < 2 * data.poll_ms) return;
      setTriggerValue("tick", Date.now());
    }, data.poll_ms);
    table.beat = beat;
  }
  const w = data.words;
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  const fill = (s, n) => String(s).replace("{n}", n);
  const legal = data.marks ? data.legal : null;
  const base = (v) => v.split("\u00b7")[0];
  const handCards = () => data.hand.filter((c) => st.picked.includes(c.v));
  const key = () => handCards().map((c) => c.t).sort().join(" ");

  function face(c, extra, tag, attrs) {
    const corner = c.joker ? "J<br>K" : `${esc(c.rank)}<br>${esc(c.suit)}`;
    const badge = c.declared ? '<span class="r5t-jk">JK</span>' : "";
    return `<${tag} class="r5t-card r5t-${c.ink}${c.declared ? " r5t-declared" : ""} ${extra}" ${attrs}>` +
      `<span class="r5t-tl">${corner}</span>${badge}<span class="r5t-pip">${esc(c.suit)}</span></${tag}>`;
  }
  function staticCard(c, extra) {
    return face(c, extra || "", "div", `role="img" aria-label="${esc(c.name)}" title="${esc(c.name)}"`);
  }
  function pileDepth() {
    if (data.whole_pile) return st.pile ? data.pile.cards.length : 0;
    const hit = data.pile.cards.find((c) => c.v === st.pile);
    return hit ? hit.depth : 0;
  }
  function fitsMeld(number) {
    if (!legal || !st.picked.length) return false;
    const targets = legal.layoffs[key()];
    return !!(targets && targets[String(number)]);
  }
  function jokerOptions() {
    const count = handCards().filter((c) => c.joker).length;
    const lists = [];
    let found = null;
    if (legal) {
      const k = key();
      if (legal.melds[k]) found = legal.melds[k];
      const targets = legal.layoffs[k];
      if (!found && targets) {
        const number = st.meld !== null ? String(st.meld) : (Object.keys(targets).length === 1 ? Object.keys(targets)[0] : null);
        if (number !== null && targets[number]) found = targets[number];
      }
    }
    for (let i = 0; i < count; i++) {
      const allowed = found && found[i] && found[i].length ? found[i] : null;
      lists.push(allowed ? data.naturals.filter((n) => allowed.includes(n.t)) : data.naturals);
    }
    return lists;
  }
  function lit(id) {
    if (!legal) return false;
    const k = key();
    const n = st.picked.length;
    if (id === "draw") return legal.draw;
    if (id === "stop") return legal.stop;
    if (id === "take_all") return legal.take_all && st.pile !== null;
    if (id === "take") return st.pile !== null && legal.takes.includes(pileDepth());
    if (id === "rommi") return st.pile !== null && legal.rommi.includes(pileDepth());
    if (id === "rummy") return st.meld !== null ? legal.rummy.includes(st.meld) : legal.rummy.length === 1;
    if (id === "meld") return n > 0 && !!legal.melds[k];
    if (id === "layoff") return n > 0 && !!legal.layoffs[k] && (st.meld === null || fitsMeld(st.meld));
    if (id === "discard") return n === 1 && legal.discards.includes(handCards()[0].t);
    return false;
  }
  function actionLabel(a) {
    if (a.id === "take_all" && data.whole_pile && data.pile.cards.length) return data.take_whole;
    if (a.id === "take" && st.pile !== null) {
      const hit = data.pile.cards.find((c) => c.v === st.pile);
      if (hit) return hit.take;
    }
    return w["action_" + a.id];
  }
  function sortedHand() {
    const cards = data.hand.slice();
    if (st.sort === "suit") cards.sort((a, b) => a.by_suit - b.by_suit);
    if (st.sort === "rank") cards.sort((a, b) => a.by_rank - b.by_rank);
    return cards;
  }

  function render() {
    const active = parentElement.activeElement || document.activeElement;
    const focusId = active && active.getAttribute ? active.getAttribute("data-focus") : null;
    const live = data.interactive;
    let html = `<div class="r5t-board${data.large ? " r5t-large" : ""}">`;
    // The other players: name, count, a face-down fan.
    html += '<div class="r5t-others">';
    for (const p of data.others) {
      const backs = '<span class="r5t-back r5t-mini"></span>'.repeat(Math.min(p.count, 13));
      html += `<div class="r5t-player${p.to_move ? " r5t-moving" : ""}" role="group" aria-label="${esc(p.label)}">` +
        `<div class="r5t-title">${esc(p.label)}</div><div class="r5t-fan" aria-hidden="true">${backs}</div></div>`;
    }
    html += "</div>";
    // The stock and the spread pile.
    html += '<div class="r5t-middle"><div class="r5t-zone r5t-stock">' +
      `<div class="r5t-title">${esc(w.stock)}</div>` +
      (data.stock.count ? `<div class="r5t-back r5t-card" role="img" aria-label="${esc(data.stock.label)}"><span class="r5t-count">${data.stock.count}</span></div>`
        : `<div class="r5t-empty" role="img" aria-label="${esc(data.stock.label)}">—</div>`) + "</div>";
    html += `<div class="r5t-zone r5t-pile" role="group" aria-label="${esc(data.pile.label)}"><div class="r5t-title">${esc(w.pile)}</div><div class="r5t-row">`;
    if (!data.pile.cards.length) html += `<div class="r5t-empty">${esc(w.empty_pile)}</div>`;
    const depth = pileDepth();
    data.pile.cards.forEach((c) => {
      const lifted = depth && c.depth <= depth;
      const chosen = data.whole_pile ? !!st.pile : c.v === st.pile;
      const extra = (chosen ? "r5-picked " : "") + (lifted && !chosen ? "r5t-lifted" : "");
      const top = c.depth === 1 ? `<div class="r5t-cap r5t-top">${esc(w.pile_top)}</div>` : "";
      if (live) {
        const label = `${c.name} (${w.pile}${c.depth === 1 ? ", " + w.pile_top : ""})`;
        html += `<div class="r5t-slot">${face(c, extra, "button", `type="button" data-pile="${esc(c.v)}" data-focus="p-${esc(c.v)}" aria-pressed="${chosen}" aria-label="${esc(label)}"`)}${top}</div>`;
      } else {
        html += `<div class="r5t-slot">${staticCard(c, "")}${top}</div>`;
      }
    });
    html += "</div></div></div>";
    // The melds, numbered; each card says who laid it.
    html += `<div class="r5t-zone"><div class="r5t-title">${esc(w.melds)}</div>`;
    if (!data.melds.length) html += `<div class="r5t-empty">${esc(w.no_melds)}</div>`;
    html += '<div class="r5t-melds">';
    for (const m of data.melds) {
      const fits = fitsMeld(m.number);
      const chosen = st.meld === m.number;
      const cards = m.cards.map((c) => `<div class="r5t-slot">${staticCard(c, "")}<div class="r5t-cap${c.mine ? " r5t-you" : ""}">${esc(c.by)}</div></div>`).join("");
      const mark = fits ? ` <span class="r5t-fits">· ${esc(w.fits)}</span>` : "";
      const head = `<div class="r5t-title">${esc(m.title)}${mark}</div>`;
      const cls = `r5t-meld r5-meld${fits ? " r5t-fit" : ""}${chosen ? " r5t-target" : ""}`;
      if (live) {
        html += `<div class="${cls}" role="button" tabindex="0" data-meld="${m.number}" data-focus="m-${m.number}" aria-pressed="${chosen}" aria-label="${esc(m.label)}">${head}<div class="r5t-row">${cards}</div></div>`;
      } else {
        html += `<div class="${cls}" role="group" aria-label="${esc(m.label)}">${head}<div class="r5t-row">${cards}</div></div>`;
      }
    }
    html += "</div></div>";
    // Your hand.
    if (data.hand.length) {
      html += `<div class="r5t-zone r5t-handzone"><div class="r5t-handhead"><div class="r5t-title">${esc(w.hand)}</div>` +
        `<div class="r5t-sort" role="group" aria-label="${esc(w.sort_label)}">` +
        ["dealt", "suit", "rank"].map((s) => `<button type="button" class="r5t-small" data-sort="${s}" data-focus="s-${s}" aria-pressed="${st.sort === s}">${esc(w["sort_" + s])}</button>`).join("") +
        `</div></div><div class="r5t-row r5t-hand" role="group" aria-label="${esc(data.hand_label)}">`;
      for (const c of sortedHand()) {
        const chosen = st.picked.includes(c.v);
        const note = c.fresh ? `<span class="r5t-new">${esc(w[c.fresh])}</span>` : "";
        const label = c.fresh ? `${c.name}, ${w[c.fresh]}` : c.name;
        const extra = (chosen ? "r5-picked " : "") + (c.fresh ? "r5t-fresh" : "");
        if (live) {
          html += `<div class="r5t-slot">${face(c, extra, "button", `type="button" data-hand="${esc(c.v)}" data-focus="h-${esc(c.v)}" aria-pressed="${chosen}" aria-label="${esc(label)}"`)}${note}</div>`;
        } else {
          html += `<div class="r5t-slot">${staticCard(c, extra)}${note}</div>`;
        }
      }
      html += "</div></div>";
    }
    // The joker declarations, then the actions.
    if (live) {
      const lists = jokerOptions();
      if (lists.length) {
        html += '<div class="r5t-jokers">';
        lists.forEach((options, i) => {
          const current = st.jokers[i] && options.some((o) => o.t === st.jokers[i]) ? st.jokers[i] : "";
          st.jokers[i] = current;
          html += `<label class="r5t-joker">${esc(fill(w.joker_stands_for, i + 1))} <select data-joker="${i}" data-focus="j-${i}">` +
            `<option value="">${esc(w.joker_choose)}</option>` +
            options.map((o) => `<option value="${esc(o.t)}"${o.t === current ? " selected" : ""}>${esc(o.face)} (${esc(o.name)})</option>`).join("") +
            "</select></label>";
        });
        html += "</div>";
      }
      html += `<div class="r5t-actions" role="group" aria-label="${esc(w.actions_label)}">`;
      // With the listing: what the picks allow, and of that only what the step asks for when the picks allow
      // it (a card that fits a meld in a lay-off step lights "Lay off", not "Discard" too); before any pick,
      // what the step or phase asks for.
      const idle = !st.picked.length && st.pile === null;
      const askedAllowed = !!legal && data.actions.some((a) => a.primary && lit(a.id));
      for (const a of data.actions) {
        const primary = legal ? (lit(a.id) && (!askedAllowed || a.primary)) || (idle && a.primary) : a.primary;
        html += `<button type="button" class="r5t-action${primary ? " r5t-primary" : ""}" data-action="${a.id}" data-focus="a-${a.id}">${esc(actionLabel(a))}</button>`;
      }
      html += "</div>";
    }
    // What happened: the answer to the last move, and what the others did.
    if (data.message || data.log.length) {
      html += `<div class="r5t-message" role="group" tabindex="-1" aria-label="${esc(w.message_label)}">`;
      if (data.message) html += `<div class="r5t-say r5t-${esc(data.message.kind)}">${esc(data.message.text)}</div>`;
      if (data.log.length) {
        html += `<div class="r5t-log"><div class="r5t-title">${esc(w.log_label)}</div><ul>` +
          data.log.map((line) => `<li>${esc(line)}</li>`).join("") + "</ul></div>";
      }
      html += "</div>";
    }
    html += "</div>";
    root.innerHTML = html;
    rove();
    // After a move pressed on an action, the keyboard goes back to the hand (its one Tab stop), not the button.
    const moved = movedAt && Date.now() - movedAt < 15000 && focusId && focusId.startsWith("a-");
    const hand = moved ? root.querySelector('.r5t-hand button[tabindex="0"]') : null;
    const again = hand || (focusId ? root.querySelector(`[data-focus="${CSS.escape(focusId)}"]`) : null);
    if (again) {
      again.focus();
    } else if (movedAt && Date.now() - movedAt < 15000 && (!active || active === document.body || !active.isConnected)) {
      // The button pressed is gone (the task is solved, the turn over): the keyboard stays on the table.
      const box = root.querySelector(".r5t-message");
      if (box) {
        box.focus({ preventScroll: true });
        focusedBox = true;
      }
    }
    if (again || root.contains(document.activeElement)) movedAt = 0;
  }

  // One Tab stop a row of cards: the card last moved to (or the first) takes Tab, the arrows move inside.
  function rove() {
    root.querySelectorAll(".r5t-row").forEach((row) => {
      const items = Array.from(row.querySelectorAll("button"));
      if (!items.length) return;
      const key = row.classList.contains("r5t-hand") ? "hand" : "pile";
      // the pile's first stop is its top card (the last one, at the right)
      const kept = items.find((b) => b.getAttribute("data-focus") === roving.get(key)) || (key === "pile" ? items[items.length - 1] : items[0]);
      items.forEach((b) => b.setAttribute("tabindex", b === kept ? "0" : "-1"));
    });
  }

  function toggle(list, v) {
    return list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
  }
  function send(action) {
    const cards = handCards();
    let meld = st.meld;
    if (meld === null && data.melds.length === 1) meld = 1;
    // A Rummy! call lays the card just discarded: with one meld it fits, that meld needs no pick.
    const calls = data.legal ? data.legal.rummy : null;
    if (meld === null && action === "rummy" && calls && calls.length === 1) meld = calls[0];
    st.sent += 1;
    st.sentAt = Date.now();
    movedAt = st.sentAt;
    moves += 1;
    setTriggerValue("move", {
      action: action,
      hand: st.picked.slice(),
      pile: data.whole_pile ? null : st.pile,
      meld: meld,
      jokers: cards.filter((c) => c.joker).map((_, i) => st.jokers[i] || null),
      sent: st.sent,
    });
  }
  root.onclick = (event) => {
    const el = event.target.closest("[data-hand],[data-pile],[data-meld],[data-action],[data-sort]");
    if (!el || !root.contains(el)) return;
    if (el.hasAttribute("data-hand")) {
      st.picked = toggle(st.picked, el.getAttribute("data-hand"));
    } else if (el.hasAttribute("data-pile")) {
      const v = el.getAttribute("data-pile");
      st.pile = st.pile === v || (data.whole_pile && st.pile) ? null : v;
    } else if (el.hasAttribute("data-meld")) {
      const n = Number(el.getAttribute("data-meld"));
      st.meld = st.meld === n ? null : n;
    } else if (el.hasAttribute("data-sort")) {
      st.sort = el.getAttribute("data-sort");
      try { window.localStorage.setItem("r5-sort", st.sort); } catch (e) { /* no storage */ }
    } else {
      send(el.getAttribute("data-action"));
      return;
    }
    render();
  };
  root.onchange = (event) => {
    const el = event.target;
    if (el && el.hasAttribute && el.hasAttribute("data-joker")) st.jokers[Number(el.getAttribute("data-joker"))] = el.value;
  };
  root.onkeydown = (event) => {
    const el = event.target;
    if (!el || !el.getAttribute) return;
    if (el.hasAttribute("data-meld") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      el.click();
      return;
    }
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const row = el.closest(".r5t-row");
    if (!row) return;
    const items = Array.from(row.querySelectorAll("button"));
    const at = items.indexOf(el);
    if (at < 0) return;
    event.preventDefault();
    let next = at + (event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0);
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = items.length - 1;
    const target = items[Math.max(0, Math.min(items.length - 1, next))];
    roving.set(row.classList.contains("r5t-hand") ? "hand" : "pile", target.getAttribute("data-focus"));
    items.forEach((b) => b.setAttribute("tabindex", b === target ? "0" : "-1"));
    target.focus();
  };
  root.onfocusin = (event) => {
    const el = event.target;
    const row = el && el.closest ? el.closest(".r5t-row") : null;
    if (row && el.getAttribute("data-focus")) roving.set(row.classList.contains("r5t-hand") ? "hand" : "pile", el.getAttribute("data-focus"));
  };
  let focusedBox = false;
  if (!same) render();
  speak(table, data, focusedBox);
  if (fresh && data.top) {
    // A new scenario or game opens at its top: every scrolling box above the table goes back up, now
    // and once the rest of the page has been redrawn below the table.
    const toTop = () => {
      let node = parentElement.host || parentElement;
      while (node) {
        if (node.scrollTop) node.scrollTop = 0;
        node = node.parentElement || (node.getRootNode && node.getRootNode().host) || null;
      }
      window.scrollTo(0, 0);
    };
    toTop();
    nextFrame(table, toTop);
    later(table, toTop, 150);
    later(table, toTop, 450);
  }
  const said = JSON.stringify([data.position, data.message, data.log]);
  if (table.said !== said && (data.message || data.log.length) && !(fresh && data.top)) {
    // The answer to a move comes into view beside the table, without the learner scrolling; and for the
    // next two seconds, whenever the rest of the page redrawn around the table moves it out of view (on a
    // busy machine that redraw came after the fixed re-checks this had), until the learner scrolls.
    const show = () => {
      const box = root.querySelector(".r5t-message");
      if (!box) return;
      const r = box.getBoundingClientRect();
      if (r.top >= 0 && r.bottom <= window.innerHeight) return;
      // The buttons just above the answer come into view with it when both fit the screen.
      const acts = root.querySelector(".r5t-actions");
      const top = acts ? Math.min(acts.getBoundingClientRect().top, r.top) : r.top;
      if (r.bottom - top > window.innerHeight) box.scrollIntoView({ block: "nearest" });
      else if (top < 0) (acts || box).scrollIntoView({ block: "start" });
      else box.scrollIntoView({ block: "end" });
    };
    show();
    nextFrame(table, show);
    if (table.watch) table.watch();
    const box = root.querySelector(".r5t-message");
    if (box && window.IntersectionObserver) {
      const watch = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.intersectionRatio < 0.99)) show();
      }, { threshold: [0, 0.5, 0.99] });
      watch.observe(box);
      let timer = 0;
      const unwatch = () => {
        watch.disconnect();
        window.removeEventListener("wheel", unwatch);
        window.removeEventListener("touchmove", unwatch);
        window.clearTimeout(timer);
        table.timers.delete(timer);
        if (table.watch === unwatch) table.watch = null;
      };
      window.addEventListener("wheel", unwatch, { passive: true });
      window.addEventListener("touchmove", unwatch, { passive: true });
      timer = window.setTimeout(unwatch, 2000);
      table.timers.add(timer);
      table.watch = unwatch;
    }
  }
  table.said = said;
  // Called by Streamlit when the table leaves the page. It is also called for a drawing that a newer one
  // replaced before it was done, while the table stays: then the newer drawing's work is left alone.
  return () => {
    if (table.drawing === drawing && !root.isConnected) stop(table);
  };
}
