const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/** NPR with lakh grouping, as people in Nepal read it. */
export function formatNpr(paisa: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'NPR' }).format(paisa / 100);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f5;color:#1b1f1d}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.35rem;margin:0 0 .25rem}.note{color:#4a524e;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
.actions{display:flex;gap:.75rem;margin-top:1rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #1b1f1d;cursor:pointer}
button[value=pay]{background:#1d6b3a;color:#fff;border-color:#1d6b3a}button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}`;

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface CheckoutPage {
  /** The gateway being played, e.g. "eSewa". */
  gateway: string;
  merchant: string;
  order: string;
  reference: string;
  amountPaisa: number;
  /** Where the Pay and Cancel buttons post `decision` and `payer`. */
  action: string;
  /** The label of the payer field, e.g. "eSewa ID (mobile number)", and a test value. */
  payerLabel: string;
  payerValue: string;
}

/** The sandbox's stand-in for the gateway's login and confirm pages: plain HTML, no script. */
export function checkoutPage(page: CheckoutPage): string {
  const amount = formatNpr(page.amountPaisa);
  return document(
    `${page.gateway} sandbox: pay ${amount}`,
    `<h1>${escapeHtml(page.gateway)} sandbox</h1>
<p class="note">This page plays the payment gateway for development and tests. No money moves.</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(page.merchant)}</dd>
<dt>Order</dt><dd>${escapeHtml(page.order)}</dd>
<dt>Transaction</dt><dd>${escapeHtml(page.reference)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
</dl>
<form method="post" action="${escapeHtml(page.action)}">
<label for="payer">${escapeHtml(page.payerLabel)}</label>
<input id="payer" name="payer" value="${escapeHtml(page.payerValue)}" autocomplete="off" inputmode="numeric">
<div class="actions">
<button type="submit" name="decision" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

/** An error or notice page, the way a gateway answers a bad request in the browser. */
export function messagePage(gateway: string, title: string, message: string): string {
  return document(
    `${gateway} sandbox: ${title}`,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`,
  );
}
