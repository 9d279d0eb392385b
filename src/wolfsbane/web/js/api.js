// Talking to the server: HTTP for the lobby and controls, one WebSocket for live play.

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail || code || `error ${status}`);
    this.status = status;
    this.code = code;
  }
}

export async function request(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    let detail = data && data.detail;
    if (data && Array.isArray(data.problems) && data.problems.length) {
      detail = `${detail}: ${data.problems.map((p) => `${p.where} ${p.problem}`).join("; ")}`;
    }
    throw new ApiError(response.status, data && data.error, detail || response.statusText);
  }
  return data;
}

// -- where a person's seat tokens live: localStorage, one per game code ---------------------

const KEY = "wolfsbane.seats";

function loadAll() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function savedSeat(code) {
  return loadAll()[code.toUpperCase()] || null;
}

export function saveSeat(code, seat) {
  const all = loadAll();
  all[code.toUpperCase()] = { ...seat, saved: Date.now() };
  // keep the 30 most recent games
  const recent = Object.entries(all).sort((a, b) => b[1].saved - a[1].saved).slice(0, 30);
  localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(recent)));
}

export function forgetSeat(code) {
  const all = loadAll();
  delete all[code.toUpperCase()];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function savedGames() {
  return Object.entries(loadAll())
    .map(([code, seat]) => ({ code, ...seat }))
    .sort((a, b) => b.saved - a.saved);
}

// -- the live connection --------------------------------------------------------------------

export class Live {
  constructor(code, token, onMessage, onState) {
    this.code = code;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.cursor = 0;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.ref = 0;
    this.waiting = new Map();
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.onState("connecting");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, cursor: this.cursor }));
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "snapshot" || message.type === "update" || message.type === "lobby") {
        this.retry = 0;
        this.onState("online");
      }
      if (message.view && typeof message.view.cursor === "number") {
        this.cursor = message.view.cursor;
      }
      if ((message.type === "ack" || message.type === "error") && this.waiting.has(message.ref)) {
        const done = this.waiting.get(message.ref);
        this.waiting.delete(message.ref);
        done(message);
      }
      this.onMessage(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const done of this.waiting.values()) {
        done({ type: "error", error: "offline", detail: "the connection was lost" });
      }
      this.waiting.clear();
      if (event.code === 4409) {
        // the same seat opened more connections elsewhere (another tab or device): this one
        // was closed to make room, and reconnecting would only close another
        this.gaveUp = true;
        this.onState("replaced");
        return;
      }
      if (this.closed || [4401, 4403, 4404].includes(event.code)) {
        this.gaveUp = true;
        this.onState(event.code === 4404 ? "gone" : this.closed ? "closed" : "refused");
        return;
      }
      this.onState("offline");
      this.retry = Math.min(this.retry + 1, 6);
      this.retryTimer = setTimeout(() => this.connect(), 300 * 2 ** this.retry);
    });
  }

  // The page is seen again (a phone unlocked and woken): reconnect at once rather than after
  // the back-off, or ask for whatever was missed while it slept.
  wake() {
    if (this.closed || this.gaveUp) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "sync", cursor: this.cursor }));
    } else if (!this.ws) {
      clearTimeout(this.retryTimer);
      this.retry = 0;
      this.connect();
    }
  }

  send(message) {
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ type: "error", error: "offline", detail: "not connected; retrying" });
        return;
      }
      this.ref += 1;
      const ref = `r${this.ref}`;
      this.waiting.set(ref, resolve);
      this.ws.send(JSON.stringify({ ...message, ref }));
    });
  }

  answer(decision, answer, seat) {
    const message = { type: "answer", decision, answer };
    if (seat) message.seat = seat;
    return this.send(message);
  }

  say(channel, text, seat) {
    const message = { type: "say", channel, message: text };
    if (seat) message.seat = seat;
    return this.send(message);
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
