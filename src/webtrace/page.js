// The trace page: its data is inline; `#step=N` opens step N.
"use strict";
const wanted = /step=(\d+)/.exec(location.hash);
Trace.load(JSON.parse(document.getElementById("data").textContent), wanted ? Number(wanted[1]) : 0);
