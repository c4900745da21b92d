// An asynchronous boundary, so module federation can negotiate shared singletons before React loads.
import('./bootstrap');
