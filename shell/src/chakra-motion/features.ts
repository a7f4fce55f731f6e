// The animation, gesture and layout features, in their own chunk: fetched the first time a Chakra
// motion element has something to animate (see ./motion.tsx), not with the first page.
export { domMax as default } from 'framer-motion';
