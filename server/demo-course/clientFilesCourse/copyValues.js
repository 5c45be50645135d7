// Shared by questions that show a data set: a button with class "js-copy-values" copies its
// data-values attribute (comma-separated numbers) to the clipboard, one value per line, so
// students can paste the sample into a spreadsheet.
document.addEventListener('click', async (event) => {
  const button = event.target.closest('.js-copy-values');
  if (!button) return;
  const lines = button.dataset.values.split(',').join('\n');
  try {
    await navigator.clipboard.writeText(lines);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy failed: select the values instead';
  }
});
