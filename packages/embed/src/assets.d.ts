// Stylesheets are imported for Vite to bundle; they export nothing TypeScript needs.
declare module '*.css';
