import { describe, expect, it } from 'vitest';
import { pageTypeFor } from './page-type.ts';

describe('pageTypeFor (page type by first path segment)', () => {
  it('maps the root to home', () => {
    expect(pageTypeFor('/')).toBe('home');
    expect(pageTypeFor('')).toBe('home');
  });
  it('maps renamed segments', () => {
    expect(pageTypeFor('/dashboard')).toBe('creator dashboard');
    expect(pageTypeFor('/apply')).toBe('creator signup');
    expect(pageTypeFor('/join')).toBe('signup');
    expect(pageTypeFor('/password/reset')).toBe('password recovery');
  });
  it('maps same-named segments by the first segment only', () => {
    expect(pageTypeFor('/search/cats')).toBe('search');
    expect(pageTypeFor('/gifs/happy-cat-abc123')).toBe('gifs');
    expect(pageTypeFor('/login?loginType=web_login')).toBe('login');
    expect(pageTypeFor('/404')).toBe('404');
    expect(pageTypeFor('/widgets')).toBe('widgets');
    expect(pageTypeFor('/edit')).toBe('edit');
    expect(pageTypeFor('/edit/gifs')).toBe('edit/gifs');
  });
  it('maps the story pages: stories, posts, and the editor and scheduler under the dashboard', () => {
    expect(pageTypeFor('/stories')).toBe('stories');
    expect(pageTypeFor('/stories/a-day-at-sea')).toBe('stories');
    expect(pageTypeFor('/posts')).toBe('posts');
    expect(pageTypeFor('/artists')).toBe('artists');
    expect(pageTypeFor('/dashboard/stories/new')).toBe('creator dashboard');
    expect(pageTypeFor('/dashboard/schedule')).toBe('creator dashboard');
  });
  it('maps any other path to the channel page', () => {
    expect(pageTypeFor('/someuser')).toBe('channel page');
  });
});
