// The /new form: a seat's name and email fields show only when the seat goes to a person invited.
// The form works the same without this script (the fields are then always shown, and ignored).
(function () {
  function sync(select) {
    var row = select.parentNode.querySelector(".invite");
    if (row) row.hidden = select.value !== "person";
  }
  document.querySelectorAll(".seat select").forEach(function (select) {
    sync(select);
    select.addEventListener("change", function () { sync(select); });
  });
})();
