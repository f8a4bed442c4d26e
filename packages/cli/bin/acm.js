#!/usr/bin/env node
// Stable entry for the `acm` command: exists before the package is built, so
// installing the workspace links it without a warning.
import '../dist/bin.js';
