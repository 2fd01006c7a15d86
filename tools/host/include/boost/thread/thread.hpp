// <boost/thread/thread.hpp> for the host, in place of Boost 1.32's: the same classes over the C++
// library's threads. A tree links Boost 1.32's thread library as Windows objects (RoM-AND's
// threadlib/thread.obj...), which Linux cannot take; the host runs the tree's threads as real
// threads, as the game does (RoM-AND's pipelines and property solver hand work between threads
// that wait for each other, which no sequential stand-in could run).
//
// As Boost 1.32's: a thread runs its function from its construction; join waits for it; a thread
// destroyed unjoined is left to run (detached); thread() is the calling thread, for comparison.
#ifndef CVHOST_BOOST_THREAD_HPP
#define CVHOST_BOOST_THREAD_HPP

#include <boost/function.hpp>
#include <boost/utility.hpp>

#include <list>
#include <mutex>
#include <thread>

namespace boost {

struct xtime;

class thread : private noncopyable {
public:
	thread() : m_id(std::this_thread::get_id()), m_joinable(false) {}
	explicit thread(const function0<void>& threadfunc) : m_thread(threadfunc), m_joinable(true) {
		m_id = m_thread.get_id();
	}
	~thread() {
		if (m_joinable) m_thread.detach();
	}
	bool operator==(const thread& other) const { return m_id == other.m_id; }
	bool operator!=(const thread& other) const { return !operator==(other); }
	void join() {
		if (m_joinable) {
			m_thread.join();
			m_joinable = false;
		}
	}
	static void yield() { std::this_thread::yield(); }

private:
	std::thread m_thread;
	std::thread::id m_id;
	bool m_joinable;
};

class thread_group : private noncopyable {
public:
	thread_group() {}
	~thread_group() {
		for (std::list<thread*>::iterator it = m_threads.begin(); it != m_threads.end(); ++it) delete *it;
	}
	thread* create_thread(const function0<void>& threadfunc) {
		thread* t = new thread(threadfunc);
		add_thread(t);
		return t;
	}
	void add_thread(thread* thrd) {
		std::lock_guard<std::mutex> lock(m_mutex);
		m_threads.push_back(thrd);
	}
	void remove_thread(thread* thrd) {
		std::lock_guard<std::mutex> lock(m_mutex);
		m_threads.remove(thrd);
	}
	void join_all() {
		std::lock_guard<std::mutex> lock(m_mutex);
		for (std::list<thread*>::iterator it = m_threads.begin(); it != m_threads.end(); ++it) (*it)->join();
	}
	int size() {
		std::lock_guard<std::mutex> lock(m_mutex);
		return (int)m_threads.size();
	}

private:
	std::list<thread*> m_threads;
	std::mutex m_mutex;
};

}  // namespace boost

#endif
