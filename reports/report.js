// zorglab report tables: filter and sort, no library, no network.
(function () {
  function cellValue(row, i) { return row.cells[i] ? row.cells[i].textContent.trim() : ""; }
  function asNumber(text) { return text === "" || text === "\u2014" ? NaN : Number(text); }
  // column:>2, column:<=10, column:=0, column:!=1: a number compared, a cell that is no number never kept
  var COMPARE = /^(<=|>=|!=|<|>|=)(-?\d+(?:\.\d+)?)$/;
  function compare(value, op, number) {
    if (isNaN(value)) { return false; }
    return op === "<" ? value < number : op === ">" ? value > number : op === "<=" ? value <= number
      : op === ">=" ? value >= number : op === "!=" ? value !== number : value === number;
  }
  function setup(table) {
    var body = table.tBodies[0], heads = table.tHead.rows[0].cells;
    var rows = Array.prototype.slice.call(body.rows);
    var names = Array.prototype.map.call(heads, function (h) { return h.textContent.trim().toLowerCase(); });
    var box = document.getElementById(table.id + "-filter");
    var count = document.getElementById(table.id + "-count");
    function show() {
      var words = box ? box.value.toLowerCase().split(/\s+/).filter(Boolean) : [];
      var shown = 0;
      rows.forEach(function (row) {
        var all = row.textContent.toLowerCase();
        var keep = words.every(function (w) {
          var k = w.indexOf(":");
          if (k > 0 && names.indexOf(w.slice(0, k)) >= 0) {
            var cell = cellValue(row, names.indexOf(w.slice(0, k))).toLowerCase(), want = w.slice(k + 1);
            var test = COMPARE.exec(want);
            if (test) { return compare(asNumber(cell), test[1], Number(test[2])); }
            return cell.indexOf(want) >= 0;
          }
          return all.indexOf(w) >= 0;
        });
        row.hidden = !keep;
        if (keep) { shown += 1; }
      });
      var unknown = words.filter(function (w) {
        var k = w.indexOf(":"); return k > 0 && names.indexOf(w.slice(0, k)) < 0 && COMPARE.test(w.slice(k + 1));
      }).map(function (w) { return w.slice(0, w.indexOf(":")); });
      if (count) {
        count.textContent = shown + " of " + rows.length + " rows"
          + (unknown.length ? " (no column named " + unknown.join(", ") + ")" : "");
      }
    }
    Array.prototype.forEach.call(heads, function (head, i) {
      head.title = "sort by " + head.textContent.trim();
      head.addEventListener("click", function () {
        var up = head.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        head.setAttribute("aria-sort", up ? "ascending" : "descending");
        var numeric = rows.every(function (r) { var v = cellValue(r, i); return v === "" || v === "\u2014" || !isNaN(asNumber(v)); });
        rows.sort(function (a, b) {
          var x = cellValue(a, i), y = cellValue(b, i);
          var xe = x === "" || x === "\u2014", ye = y === "" || y === "\u2014";
          if (xe || ye) { return xe === ye ? 0 : (xe ? 1 : -1); }
          var c = numeric ? asNumber(x) - asNumber(y) : x.localeCompare(y, undefined, {numeric: true});
          return up ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
    if (box) { box.addEventListener("input", show); }
    show();
  }
  document.querySelectorAll("table.explore").forEach(setup);
})();
