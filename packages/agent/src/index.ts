export * from '@acm/core';
export * from './react-agent';
export * from './auto-context';
export * from './hook';
export * from './model';
export * from './plan';
export * from './tool';
