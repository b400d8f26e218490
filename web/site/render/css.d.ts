// Style sheets are side-effect imports that Vite bundles; the type checker only needs to know they exist.
declare module "*.css";
