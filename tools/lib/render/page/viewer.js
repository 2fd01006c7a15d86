"use strict";
(function () {
	const data = JSON.parse(document.getElementById("map-data").textContent);
	const PALETTE = data.palette; // every colour the page draws with comes from the data
	const W = data.width, H = data.height;
	const KIND = 0, COLOUR = 1, TERRAIN = 2, FEATURE = 3, IMPROVEMENT = 4, OWNER = 5, CITY = 6,
		SEE_THROUGH = 7, SEE_FROM = 8, COUNTS = 9, REVEALED = 10;
	const KIND_NAMES = ["peak", "hills", "flat", "water"];
	const cell = Math.max(3, Math.min(32, Math.floor(Math.min(960 / W, 720 / H))));
	const canvas = document.getElementById("map");
	canvas.width = W * cell;
	canvas.height = H * cell;
	const ctx = canvas.getContext("2d");
	let team = data.team;
	let selected = -1; // the clicked unit
	let hovered = null;

	const unitsAt = new Map(); // plot index -> unit indices
	data.units.forEach(function (unit, i) {
		const index = unit.y * W + unit.x;
		if (!unitsAt.has(index)) unitsAt.set(index, []);
		unitsAt.get(index).push(i);
	});

	function esc(text) {
		return String(text).replace(/[&<>"']/g, function (c) {
			return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
		});
	}
	function nameOr(table, index, none) { return index < 0 ? none : table[index]; }
	function knowledge(p) {
		if (p[COUNTS][team] > 0) return "visible";
		return p[REVEALED][team] ? "fogged" : "unknown";
	}
	function left(x) { return x * cell; }
	function top(y) { return (H - 1 - y) * cell; } // north at the top

	function triangle(px, py, colour, size) {
		ctx.fillStyle = colour;
		ctx.beginPath();
		ctx.moveTo(px + cell / 2, py + cell * (1 - size));
		ctx.lineTo(px + cell * (0.5 + size / 2), py + cell * 0.85);
		ctx.lineTo(px + cell * (0.5 - size / 2), py + cell * 0.85);
		ctx.closePath();
		ctx.fill();
	}
	function trees(px, py, colour) {
		ctx.fillStyle = colour;
		[[0.3, 0.3], [0.7, 0.3], [0.5, 0.65]].forEach(function (at) {
			ctx.beginPath();
			ctx.arc(px + cell * at[0], py + cell * at[1], cell * 0.16, 0, 2 * Math.PI);
			ctx.fill();
		});
	}
	function city(px, py, owner) {
		ctx.fillStyle = owner < 0 ? PALETTE.noTeam : data.teamColours[owner];
		ctx.strokeStyle = PALETTE.outline;
		ctx.lineWidth = Math.max(1, cell / 10);
		ctx.fillRect(px + cell * 0.2, py + cell * 0.2, cell * 0.6, cell * 0.6);
		ctx.strokeRect(px + cell * 0.2, py + cell * 0.2, cell * 0.6, cell * 0.6);
	}

	function drawPlot(x, y) {
		const p = data.plots[y * W + x], seen = knowledge(p), px = left(x), py = top(y);
		if (seen === "unknown") {
			ctx.fillStyle = PALETTE.unknown;
			ctx.fillRect(px, py, cell, cell);
			return;
		}
		ctx.fillStyle = (seen === "fogged" ? data.fogColours : data.colours)[p[COLOUR]];
		ctx.fillRect(px, py, cell, cell);
		ctx.globalAlpha = seen === "fogged" ? 0.35 : 1; // the marks fade into the fog
		const feature = nameOr(data.features, p[FEATURE], "");
		if (p[KIND] === 0) triangle(px, py, PALETTE.peak, 0.8);
		if (p[KIND] === 1) triangle(px, py, PALETTE.hills, 0.7);
		if (feature === "FEATURE_FOREST" || feature === "FEATURE_JUNGLE") {
			trees(px, py, feature === "FEATURE_JUNGLE" ? PALETTE.jungle : PALETTE.forest);
		}
		if (p[CITY]) city(px, py, p[OWNER]);
		ctx.globalAlpha = 1;
	}

	function drawGrid() {
		ctx.strokeStyle = PALETTE.grid;
		ctx.lineWidth = 1;
		ctx.beginPath();
		for (let x = 1; x < W; x++) { ctx.moveTo(x * cell + 0.5, 0); ctx.lineTo(x * cell + 0.5, H * cell); }
		for (let y = 1; y < H; y++) { ctx.moveTo(0, y * cell + 0.5); ctx.lineTo(W * cell, y * cell + 0.5); }
		ctx.stroke();
	}

	function drawSight() {
		if (selected < 0) return;
		ctx.fillStyle = PALETTE.sightFill;
		ctx.strokeStyle = PALETTE.sight;
		ctx.lineWidth = 1;
		data.units[selected].sees.forEach(function (index) {
			if (index < 0 || index >= W * H) return;
			const px = left(index % W), py = top(Math.floor(index / W));
			ctx.fillRect(px, py, cell, cell);
			ctx.strokeRect(px + 0.5, py + 0.5, cell - 1, cell - 1);
		});
	}

	// Up to four units side by side on a plot; more share the corners.
	const SLOTS = [[0.72, 0.72], [0.28, 0.72], [0.72, 0.28], [0.28, 0.28]];
	function drawUnit(i, index, slot) {
		const unit = data.units[i], colour = data.teamColours[unit.team] || PALETTE.noTeam;
		const seen = data.plots[index][COUNTS][team] > 0;
		const at = SLOTS[slot % SLOTS.length], r = Math.max(1.5, cell * 0.17);
		const cx = left(unit.x) + cell * at[0], cy = top(unit.y) + cell * at[1];
		ctx.beginPath();
		ctx.arc(cx, cy, r, 0, 2 * Math.PI);
		if (seen) {
			ctx.fillStyle = colour;
			ctx.fill();
			ctx.strokeStyle = PALETTE.outline;
			ctx.lineWidth = 1;
		} else {
			ctx.strokeStyle = colour;
			ctx.lineWidth = Math.max(1, cell / 12);
		}
		ctx.stroke();
		if (i === selected) {
			ctx.beginPath();
			ctx.arc(cx, cy, r + 2, 0, 2 * Math.PI);
			ctx.strokeStyle = PALETTE.chosen;
			ctx.lineWidth = 2;
			ctx.stroke();
		}
	}
	function drawUnits() {
		let drawn = 0;
		unitsAt.forEach(function (list, index) {
			list.forEach(function (i, slot) { drawUnit(i, index, slot); drawn++; });
		});
		return drawn;
	}

	function updateStatus() {
		let visible = 0, revealed = 0;
		data.plots.forEach(function (p) {
			if (p[COUNTS][team] > 0) visible++;
			if (p[REVEALED][team]) revealed++;
		});
		document.getElementById("status").textContent =
			"team " + team + " sees " + visible + " plots and has revealed " + revealed + " of " + W * H;
	}

	function draw() {
		let plotsDrawn = 0;
		for (let y = 0; y < H; y++) {
			for (let x = 0; x < W; x++) { drawPlot(x, y); plotsDrawn++; }
		}
		if (cell >= 10) drawGrid();
		drawSight();
		const unitsDrawn = drawUnits();
		const check = document.body.dataset;
		check.plotsDrawn = plotsDrawn;
		check.unitsDrawn = unitsDrawn;
		check.width = W;
		check.height = H;
		check.selfCheck = plotsDrawn === W * H && unitsDrawn === data.units.length ? "ok" : "failed";
		updateStatus();
		if (hovered) showInfo(hovered.x, hovered.y);
	}

	function unitText(unit) {
		return unit.type + " (team " + unit.team + ", range " + unit.range + ", sees " + unit.sees.length + " plots)";
	}

	// One number when every team has the same see-from level (no Optics difference), else each team's.
	function seeFromText(levels) {
		if (!levels.length) return "-";
		if (levels.every(function (v) { return v === levels[0]; })) return String(levels[0]);
		return levels.map(function (v, t) { return "team " + t + ": " + v; }).join(", ");
	}

	function showInfo(x, y) {
		const p = data.plots[y * W + x];
		const units = (unitsAt.get(y * W + x) || []).map(function (i) { return unitText(data.units[i]); });
		const rows = [
			["plot", "(" + x + ", " + y + "), " + knowledge(p) + " to team " + team],
			["terrain", data.terrains[p[TERRAIN]] + " (" + KIND_NAMES[p[KIND]] + ")"],
			["feature", nameOr(data.features, p[FEATURE], "none")],
			["improvement", nameOr(data.improvements, p[IMPROVEMENT], "none")],
			["owner", p[OWNER] < 0 ? "none" : "team " + p[OWNER]],
			["city", p[CITY] ? "yes" : "no"],
			["see-through", String(p[SEE_THROUGH])],
			["see-from", seeFromText(p[SEE_FROM])],
			["units", units.length ? units : ["none"]]
		];
		let html = "<table>";
		rows.forEach(function (row) {
			const lines = Array.isArray(row[1]) ? row[1] : [row[1]];
			html += "<tr><th>" + row[0] + "</th><td>" + lines.map(esc).join("<br>") + "</td></tr>";
		});
		html += "</table><h2>Every team</h2><table><tr><th>team</th><th>count</th><th>revealed</th></tr>";
		p[COUNTS].forEach(function (count, t) {
			html += "<tr" + (t === team ? " class=\"chosen\"" : "") + "><td>" + t + "</td><td>" + count + "</td><td>"
				+ (p[REVEALED][t] ? "yes" : "no") + "</td></tr>";
		});
		document.getElementById("info").innerHTML = html + "</table>";
	}

	function plotAt(event) {
		const box = canvas.getBoundingClientRect();
		const x = Math.floor((event.clientX - box.left) * canvas.width / box.width / cell);
		const y = H - 1 - Math.floor((event.clientY - box.top) * canvas.height / box.height / cell);
		return x >= 0 && x < W && y >= 0 && y < H ? { x: x, y: y } : null;
	}

	function select(i) {
		selected = i;
		document.querySelectorAll("#units button").forEach(function (button) {
			button.classList.toggle("selected", Number(button.dataset.unit) === selected);
		});
		draw();
	}

	canvas.addEventListener("mousemove", function (event) {
		hovered = plotAt(event);
		if (hovered) showInfo(hovered.x, hovered.y);
	});
	// A click on a plot with units selects them in turn; a click elsewhere clears the selection.
	canvas.addEventListener("click", function (event) {
		const at = plotAt(event);
		const list = at ? unitsAt.get(at.y * W + at.x) || [] : [];
		const next = list.indexOf(selected) + 1;
		select(next < list.length ? list[next] : -1);
	});

	const teamSelect = document.getElementById("team");
	for (let t = 0; t < data.teams; t++) teamSelect.add(new Option(String(t), String(t), t === team, t === team));
	teamSelect.addEventListener("change", function () { team = Number(teamSelect.value); draw(); });

	const unitList = document.getElementById("units");
	data.units.forEach(function (unit, i) {
		const button = document.createElement("button");
		button.dataset.unit = i;
		button.textContent = unit.type + " at (" + unit.x + ", " + unit.y + "), team " + unit.team + ", range " + unit.range;
		button.addEventListener("click", function () { select(selected === i ? -1 : i); });
		unitList.appendChild(button);
	});
	if (!data.units.length) unitList.textContent = "none";

	// The legend's swatches: data-fill names the palette's colour of their inside, data-ring of their border.
	document.querySelectorAll("#legend .swatch").forEach(function (swatch) {
		if (swatch.dataset.fill) swatch.style.background = PALETTE[swatch.dataset.fill];
		if (swatch.dataset.ring) swatch.style.borderColor = PALETTE[swatch.dataset.ring];
	});

	document.getElementById("title").textContent = data.title || "CvVision map";
	document.getElementById("size").textContent = W + "x" + H + " plots, " + data.teams + " teams"
		+ (data.wrapX ? ", wraps east-west" : "") + (data.wrapY ? ", wraps north-south" : "");
	draw();
})();
