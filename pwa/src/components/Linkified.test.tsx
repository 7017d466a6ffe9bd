import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Linkified } from './Linkified.tsx';

describe('Linkified', () => {
  it('makes http and https addresses links that open apart, leaving the final punctuation out', () => {
    const { container } = render(<Linkified text="Veja https://exemplo.com/receita?id=2. E http://a.b/c, ok?" />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['https://exemplo.com/receita?id=2', '_blank', 'noopener noreferrer nofollow'],
      ['http://a.b/c', '_blank', 'noopener noreferrer nofollow'],
    ]);
    expect(container.textContent).toBe('Veja https://exemplo.com/receita?id=2. E http://a.b/c, ok?');
  });

  it('shows markup and other schemes as the text they are', () => {
    const { container } = render(<Linkified text={'<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,oi'} />);
    expect(container.querySelectorAll('a, img')).toHaveLength(0);
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,oi');
  });
});
