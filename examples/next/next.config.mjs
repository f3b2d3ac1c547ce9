/** @type {import('next').NextConfig} */
export default {
  // The MCP SDK and the elements are ES modules for the browser; Next bundles them for both sides.
  reactStrictMode: true,
};
