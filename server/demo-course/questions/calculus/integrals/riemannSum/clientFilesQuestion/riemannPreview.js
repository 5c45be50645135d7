// Draws the left Riemann rectangles for f(x) = x^2 + k so students can see how the sum
// changes with the number of rectangles. The graded answer uses the n given in the text.
document.addEventListener('DOMContentLoaded', () => {
  for (const preview of document.querySelectorAll('.riemann-preview')) {
    const k = Number(preview.dataset.k);
    const length = Number(preview.dataset.length);
    const canvas = preview.querySelector('canvas');
    const slider = preview.querySelector('input[type="range"]');
    const f = (x) => x * x + k;

    const draw = (n) => {
      const ctx = canvas.getContext('2d');
      const xScale = (canvas.width - 20) / length;
      const yScale = (canvas.height - 20) / f(length);
      const toY = (y) => canvas.height - 10 - y * yScale;
      ctx.clearRect(0, 0, canvas.width, canvas.height);

      const width = length / n;
      ctx.fillStyle = 'rgba(13, 110, 253, 0.25)';
      ctx.strokeStyle = '#0d6efd';
      for (let i = 0; i < n; i++) {
        const left = 10 + i * width * xScale;
        const top = toY(f(i * width));
        ctx.fillRect(left, top, width * xScale, toY(0) - top);
        ctx.strokeRect(left, top, width * xScale, toY(0) - top);
      }

      ctx.strokeStyle = '#212529';
      ctx.beginPath();
      for (let step = 0; step <= 100; step++) {
        const x = (length * step) / 100;
        const px = 10 + x * xScale;
        if (step === 0) ctx.moveTo(px, toY(f(x)));
        else ctx.lineTo(px, toY(f(x)));
      }
      ctx.stroke();
    };

    slider.addEventListener('input', () => draw(Number(slider.value)));
    draw(Number(slider.value));
  }
});
