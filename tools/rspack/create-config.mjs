import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ROOT } from '../lib/paths.mjs';

const require = createRequire(import.meta.url);
const rootPackage = require(path.join(ROOT, 'package.json'));

/** Shared at run time as singletons, and nothing else (decisions.md). */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'i18next', 'react-i18next'];

function sharedSingletons() {
  const shared = {};
  for (const name of SINGLETONS) {
    shared[name] = { singleton: true, requiredVersion: rootPackage.dependencies[name] };
  }
  // Entry points of the same two packages, which React imports by subpath.
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: rootPackage.dependencies.react };
  shared['react-dom/client'] = { singleton: true, requiredVersion: rootPackage.dependencies['react-dom'] };
  return shared;
}

/**
 * The rspack configuration of one frontend: the shell (host) or a remote.
 *
 * @param {object} options
 * @param {string} options.projectRoot  folder of the frontend
 * @param {string} options.name         module federation name (e.g. 'mf_landing')
 * @param {number} options.port         dev-server port
 * @param {Record<string,string>} [options.exposes]  a remote's one exposed module
 * @param {string[]} [options.runtimePlugins]  module federation runtime plugins (the shell's)
 * @param {string} options.title        page title of the standalone page
 * @param {string} [options.publicPath] '/' for the shell, whose routes are deep links; remotes
 *   keep 'auto' and load their chunks from wherever their manifest was served
 * @param {{ from: string, to: string }[]} [options.copy] files served beside the scripts as they are (a face model's weights)
 */
export function createFrontendConfig({ projectRoot, name, port, exposes, runtimePlugins = [], title, publicPath = 'auto', copy = [] }) {
  const isProduction = process.env.NODE_ENV !== 'development';
  return {
    mode: isProduction ? 'production' : 'development',
    context: projectRoot,
    entry: { main: './src/main.ts' },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(projectRoot, 'dist'),
      publicPath,
      uniqueName: name,
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        // Browser bundles compile the shared contracts from source, so they tree-shake.
        '@idv/contracts': path.join(ROOT, 'libs/contracts/src/index.ts'),
        '@idv/i18n': path.join(ROOT, 'libs/i18n/src/index.ts'),
        '@idv/api-client': path.join(ROOT, 'libs/api-client/src/index.ts'),
        '@idv/ui': path.join(ROOT, 'libs/ui/src/index.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    experiments: { css: true },
    // Node's file names are never read in a page; some packages name them in code for Node alone (the face model's)
    node: { __dirname: 'mock', __filename: 'mock' },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(ROOT, 'tools/rspack/index.html'), title, favicon: path.join(ROOT, 'tools/rspack/favicon.svg') }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes: {},
        shared: sharedSingletons(),
        runtimePlugins,
        manifest: true,
        dts: false,
      }),
      ...(copy.length ? [new rspack.CopyRspackPlugin({ patterns: copy })] : []),
    ],
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    performance: { hints: false },
  };
}
