// The probe of render_browser_check.sh, added after the page's own script by render_page_main
// --probe: it checks the legend's colours against the data's palette, plays the user (hovers over
// the warrior's plot, clicks it, clicks an empty plot, switches team; the coordinates are
// render_page_main's map) and sets <body data-probe="ok"> or
// "failed: why".
(function () {
	const W = 16, H = 10;
	const canvas = document.getElementById("map"), info = document.getElementById("info");
	const context = canvas.getContext("2d");
	const cell = canvas.width / W;
	function mouse(type, x, y) {
		const box = canvas.getBoundingClientRect(), scale = box.width / canvas.width;
		canvas.dispatchEvent(new MouseEvent(type, { bubbles: true,
			clientX: box.left + (x + 0.5) * cell * scale, clientY: box.top + (H - 1 - y + 0.5) * cell * scale }));
	}
	function red(x, y) { return context.getImageData((x + 0.5) * cell, (H - 1 - y + 0.5) * cell, 1, 1).data[0]; }
	const problems = [];
	// The legend's swatches take their colours from the data's palette (no colour is in the page's files).
	const palette = JSON.parse(document.getElementById("map-data").textContent).palette || {};
	function rgb(hex) { return "rgb(" + [1, 3, 5].map(function (i) { return parseInt(hex.substr(i, 2), 16); }).join(", ") + ")"; }
	document.querySelectorAll("#legend .swatch").forEach(function (swatch) {
		const name = swatch.dataset.fill || swatch.dataset.ring, style = getComputedStyle(swatch);
		const shown = swatch.dataset.fill ? style.backgroundColor : style.borderTopColor;
		if (!palette[name] || shown !== rgb(palette[name])) problems.push("legend swatch " + name + ": " + shown);
	});
	mouse("mousemove", 7, 6);
	if (info.textContent.indexOf("(7, 6)") < 0 || info.textContent.indexOf("UNIT_WARRIOR") < 0) problems.push("hover: " + info.textContent);
	const seenBefore = red(6, 5), unknownBefore = red(15, 9);
	mouse("click", 7, 6);
	const chosen = document.querySelector("#units button.selected");
	if (!chosen || chosen.dataset.unit !== "0") problems.push("click did not select the warrior");
	if (red(6, 5) < seenBefore + 40) problems.push("the warrior's sight is not highlighted: " + seenBefore + " -> " + red(6, 5));
	if (red(15, 9) !== unknownBefore) problems.push("a plot the warrior does not see changed");
	mouse("click", 15, 9);
	if (document.querySelector("#units button.selected")) problems.push("a click on an empty plot kept the selection");
	const select = document.getElementById("team");
	select.value = "1";
	select.dispatchEvent(new Event("change"));
	if (document.getElementById("status").textContent.indexOf("team 1 sees") !== 0) problems.push("team switch: " + document.getElementById("status").textContent);
	if (document.body.dataset.selfCheck !== "ok") problems.push("self-check after redraws: " + document.body.dataset.selfCheck);
	document.body.dataset.probe = problems.length ? "failed: " + problems.join("; ") : "ok";
})();
