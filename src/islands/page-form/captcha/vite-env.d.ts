/** Vite's `?worker` imports: a constructor of the bundled worker file (same origin). */
declare module '*?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
declare module '*.css';
