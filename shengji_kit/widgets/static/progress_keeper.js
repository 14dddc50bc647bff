// Progress storage (the static site): the page's IndexedDB keeps the learner's progress logs.
// This file only stores, restores and reports; what is kept, refused or reset is decided in Python
// (shengji_kit/practice/browser_progress.py). Once per model, when the page opens, it reads every stored
// log and sends it in pieces {type: "stored", key, part}, then {type: "restore", available} (false
// without IndexedDB: a private window, storage blocked). It carries out the kernel's messages in order:
//   {type: "append", key, lines}   add the lines to the end of the stored log
//   {type: "set_aside", key, to}   move a stored log the kernel refused to another key (nothing is lost)
//   {type: "clear"}                forget every stored log (reset)
// A write that fails sends {type: "failed"}.

const LOGS = "progress-logs";
const PIECE = 500; // characters a piece: at most 2,000 bytes of UTF-8, within a widget message's bounds

function opened(name) {
  return new Promise((resolve) => {
    let request;
    try {
      request = window.indexedDB.open(name, 1);
    } catch (error) {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(LOGS);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

function finished(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

async function readAll(db) {
  const transaction = db.transaction(LOGS, "readonly");
  const logs = [];
  const cursor = transaction.objectStore(LOGS).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) return;
    const key = String(at.key);
    if (key.endsWith(".jsonl")) logs.push([key, typeof at.value === "string" ? at.value : JSON.stringify(at.value)]);
    at.continue();
  };
  await finished(transaction);
  return logs;
}

function write(db, work) {
  const transaction = db.transaction(LOGS, "readwrite");
  work(transaction.objectStore(LOGS));
  return finished(transaction);
}

function carry(db, message) {
  if (message.type === "append") {
    return write(db, (store) => {
      const now = store.get(message.key);
      now.onsuccess = () => store.put((typeof now.result === "string" ? now.result : "") + message.lines, message.key);
    });
  }
  if (message.type === "set_aside") {
    return write(db, (store) => {
      const now = store.get(message.key);
      now.onsuccess = () => {
        if (now.result !== undefined) store.put(now.result, message.to);
        store.delete(message.key);
      };
    });
  }
  if (message.type === "clear") return write(db, (store) => store.clear());
  return Promise.resolve();
}

function initialize({ model }) {
  let db = null;
  // one queue: the stored logs are read before any write, and writes keep the kernel's order
  let queue = opened(model.get("database")).then(async (found) => {
    db = found;
    let logs = [];
    try {
      logs = db ? await readAll(db) : [];
    } catch (error) {
      db = null;
    }
    for (const [key, log] of logs) {
      for (let start = 0; start < log.length; start += PIECE) {
        model.send({ type: "stored", key, part: log.slice(start, start + PIECE) });
      }
    }
    model.send({ type: "restore", available: db !== null });
  });
  const onMessage = (message) => {
    if (!message || typeof message !== "object") return;
    queue = queue.then(() => (db ? carry(db, message) : null)).catch(() => model.send({ type: "failed" }));
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

function render({ el }) {
  el.classList.add("sk-progress-storage");
  el.dataset.role = "progress-storage";
  el.hidden = true;
}

export default { initialize, render };
