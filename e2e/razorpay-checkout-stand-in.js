/* global window, document */
// checkout.js as the browser tests' fake Razorpay serves it: `new Razorpay(options).open()` shows a small
// dialog. Pay asks the fake server for a captured payment and hands the page what Razorpay Checkout
// hands it (ids and the real signature); Decline reports `payment.failed` and stays open, as
// Razorpay's does; Cancel closes it and calls `modal.ondismiss`.
(() => {
  const server = new URL(document.currentScript.src).origin;

  class Razorpay {
    constructor(options) {
      this.options = options;
      this.listeners = {};
    }

    on(event, listener) {
      (this.listeners[event] ??= []).push(listener);
    }

    emit(event, payload) {
      for (const listener of this.listeners[event] ?? []) listener(payload);
    }

    open() {
      const { options } = this;
      const overlay = document.createElement('div');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;display:grid;place-items:center;background:rgba(0,0,0,.45);font:15px/1.4 system-ui,sans-serif';
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Razorpay Checkout');
      dialog.style.cssText = `width:min(340px,calc(100vw - 32px));box-sizing:border-box;padding:20px;border-radius:10px;background:#fff;color:#222;border-top:6px solid ${options.theme?.color ?? '#3399cc'}`;

      const line = (text, style = '') => {
        const p = document.createElement('p');
        p.textContent = text;
        p.style.cssText = `margin:0 0 6px;${style}`;
        dialog.append(p);
        return p;
      };
      line(`${options.name} (test checkout)`, 'font-weight:600;font-size:17px');
      line(options.description ?? '');
      line(`₹${(options.amount / 100).toFixed(2)} ${options.currency}`, 'font-size:20px;font-weight:600');
      line([options.prefill?.name, options.prefill?.email, options.prefill?.contact].filter(Boolean).join(' · '), 'color:#555;font-size:13px');
      const status = line('', 'color:#b00020;font-size:13px;min-height:1em');
      status.setAttribute('role', 'status');

      const buttons = document.createElement('div');
      buttons.style.cssText = 'display:flex;gap:8px;margin-top:12px';
      dialog.append(buttons);
      const button = (label, background, color, onClick) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.style.cssText = `flex:1;padding:10px;border:1px solid ${background};border-radius:6px;background:${background};color:${color};font:inherit;cursor:pointer`;
        b.addEventListener('click', onClick);
        buttons.append(b);
        return b;
      };

      const close = () => overlay.remove();
      const ask = async (path) => {
        const response = await fetch(`${server}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ key: options.key, order_id: options.order_id, amount: options.amount, currency: options.currency }),
        });
        const body = await response.json();
        if (!response.ok) throw new Error(body.error?.description ?? `HTTP ${response.status}`);
        return body;
      };
      const pay = button('Pay', options.theme?.color ?? '#3399cc', '#fff', async () => {
        pay.disabled = true;
        try {
          const success = await ask('/e2e/pay');
          close();
          options.handler(success);
        } catch (failure) {
          status.textContent = failure.message;
          pay.disabled = false;
        }
      });
      button('Decline', '#fff', '#b00020', async () => {
        try {
          this.emit('payment.failed', await ask('/e2e/fail'));
          status.textContent = 'Payment declined. You can try again.';
        } catch (failure) {
          status.textContent = failure.message;
        }
      });
      button('Cancel', '#fff', '#333', () => {
        close();
        options.modal?.ondismiss?.();
      });

      overlay.append(dialog);
      document.body.append(overlay);
      pay.focus();
    }
  }

  window.Razorpay = Razorpay;
})();
