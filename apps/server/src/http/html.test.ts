import { describe, expect, it } from 'vitest';
import { html } from './html';

describe('html template', () => {
  it('escapes every interpolated value, keeps nested markup, joins arrays and drops empty parts', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    const out = html`<p title="${name}">${name} ${html`<b>${'<i>'}</b>`} ${['<a>', html`<br>`]}${null}${undefined}${false}${0}</p>`;
    expect(out.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; <b>&lt;i&gt;</b> &lt;a&gt;<br>0</p>',
    );
  });
});
